/** Files from a drop or a file input, folders included (browser APIs only). */
export interface PickedFile {
  path: string;
  bytes: Uint8Array;
}

/** Files that belong to a model folder (they go to the models list, not to the import). */
export function isModelFile(path: string): boolean {
  return /(^|\/)(onnx\/[^/]+\.onnx|tokenizer\.json|tokenizer_config\.json|config\.json|manifest\.json|modules\.json|sentence_bert_config\.json|1_Pooling\/config\.json|special_tokens_map\.json|vocab\.txt)$/.test(path);
}

async function read(file: File, path: string): Promise<PickedFile> {
  return { path, bytes: new Uint8Array(await file.arrayBuffer()) };
}

/** Files of <input type=file> (with webkitdirectory, paths include the folder). */
export async function filesFromInput(list: FileList | null): Promise<PickedFile[]> {
  if (!list) return [];
  return Promise.all([...list].map((f) => read(f, f.webkitRelativePath || f.name)));
}

function entryFile(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

async function readAllEntries(dir: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = dir.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

async function walk(entry: FileSystemEntry, prefix: string, out: { file: File; path: string }[]): Promise<void> {
  const path = prefix ? `${prefix}/${entry.name}` : entry.name;
  if (entry.isFile) out.push({ file: await entryFile(entry as FileSystemFileEntry), path });
  else if (entry.isDirectory) for (const child of await readAllEntries(entry as FileSystemDirectoryEntry)) await walk(child, path, out);
}

/** Files of a drop, walking dropped folders; falls back to dataTransfer.files where entries are unsupported. */
export async function filesFromDrop(dt: DataTransfer): Promise<{ file: File; path: string }[]> {
  const entries = [...dt.items].map((item) => item.webkitGetAsEntry?.() ?? null);
  if (entries.length === 0 || entries.some((e) => e === null)) return [...dt.files].map((file) => ({ file, path: file.name }));
  const out: { file: File; path: string }[] = [];
  for (const entry of entries) await walk(entry!, '', out);
  return out;
}

export async function readPicked(files: readonly { file: File; path: string }[]): Promise<PickedFile[]> {
  return Promise.all(files.map(({ file, path }) => read(file, path)));
}
