import { describe, expect, it } from 'vitest';
import { ModelIntegrityError, parseManifest, verifyManifest } from '../../../src/core/embed/manifest.ts';

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const valid = {
  name: 'm',
  pooling: 'mean',
  threshold: 0.9,
  maxLength: 128,
  files: [
    { path: 'tokenizer.json', sha256: A, size: 10 },
    { path: 'onnx/model.onnx', sha256: B, size: 20 },
  ],
  licence: 'Apache-2.0',
  attribution: 'someone',
  source: 'somewhere',
};

describe('parseManifest', () => {
  it('accepts a complete manifest', () => {
    expect(parseManifest(valid)).toEqual(valid);
    expect(parseManifest({ ...valid, dimension: 768 }).dimension).toBe(768);
  });

  it.each([
    [{ pooling: 'max' }, /pooling/],
    [{ threshold: 2 }, /threshold/],
    [{ maxLength: 1.5 }, /maxLength/],
    [{ licence: undefined }, /licence/],
    [{ files: {} }, /files must be an array/],
    [{ files: [{ path: '../x', sha256: A, size: 1 }] }, /inside the model folder/],
    [{ files: [{ path: '/etc/passwd', sha256: A, size: 1 }] }, /inside the model folder/],
    [{ files: [{ path: 'x', sha256: 'abc', size: 1 }] }, /64 hex digits/],
    [{ files: [{ path: 'x', sha256: A, size: -1 }] }, /size/],
  ])('rejects %j', (change, message) => {
    expect(() => parseManifest({ ...valid, ...change })).toThrow(message);
  });

  it('rejects non-objects', () => {
    expect(() => parseManifest([])).toThrow(/JSON object/);
  });
});

describe('verifyManifest', () => {
  const manifest = parseManifest(valid);
  const digests = (over: Record<string, { sha256: string; size: number } | undefined>) => async (p: string) =>
    p in over ? over[p] : { 'tokenizer.json': { sha256: A, size: 10 }, 'onnx/model.onnx': { sha256: B, size: 20 } }[p];

  it('passes matching files', async () => {
    await expect(verifyManifest(manifest, digests({}))).resolves.toBeUndefined();
  });

  it('names the file whose hash differs', async () => {
    const run = verifyManifest(manifest, digests({ 'onnx/model.onnx': { sha256: A, size: 20 } }));
    await expect(run).rejects.toThrow(`model file "onnx/model.onnx" has sha-256 ${A}; manifest.json says ${B}`);
    await expect(run).rejects.toBeInstanceOf(ModelIntegrityError);
  });

  it('names the file whose size differs', async () => {
    await expect(verifyManifest(manifest, digests({ 'tokenizer.json': { sha256: A, size: 9 } }))).rejects.toThrow(
      'model file "tokenizer.json" has 9 bytes; manifest.json says 10',
    );
  });

  it('skips an absent file unless it is required', async () => {
    const absent = digests({ 'onnx/model.onnx': undefined });
    await expect(verifyManifest(manifest, absent)).resolves.toBeUndefined();
    await expect(verifyManifest(manifest, absent, ['onnx/model.onnx'])).rejects.toThrow(
      'model file "onnx/model.onnx" is listed in manifest.json but missing',
    );
  });
});
