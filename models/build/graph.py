"""The ONNX graph of the default model, written with onnx's helper API (opset 13, plain CPU ops).

Inputs are a BERT export's (input_ids, attention_mask, token_type_ids; int64 [batch, sequence]; token_type_ids is
accepted and unused). Each token t (canonical id c) contributes to a bag vector of dsem + id + gate + 1 dims:

  [ coef_sem(t) * table[t]                     int8 semantic row, its scale folded into coef_sem
  , coef_id(t) * IA[c mod P1] * IB[c mod P2]   hashed ±1 identity of the word
  , coef_gate(t) * GA[c mod G1] * GB[c mod G2]  hashed identity of exact-value words (numerals, dates, names)
      + w * QA[h mod Q1] * QB[h mod Q2]         ... and of numeral bigrams h = (c_t, c_t+1), so 95 != 59
  , coef_neg(t) ]                               one negation direction

masked by attention_mask (`last_hidden_state` holds these contributions). The bag's random Fourier features,
cos(bag . Omega / sigma + phase) * sqrt(2/m) with a fixed int8-quantised Gaussian Omega, L2-normalised, are
`sentence_embedding`: the cosine of two embeddings approximates exp(-|bag1 - bag2|^2 / (2 sigma^2)), so it
depends on what changed between two sentences, not on their length.
"""

from __future__ import annotations

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

P1, P2 = 1021, 1019      # identity hash moduli (unique up to ~1M token ids)
G1, G2 = 1013, 1009      # gate hash moduli
Q1, Q2 = 1031, 1033      # bigram hash moduli
BIGRAM_MULT = 1_000_003


def signs(rng, shape) -> np.ndarray:
    return (rng.integers(0, 2, shape) * 2 - 1).astype(np.int8)


def write_graph(path: str, table: np.ndarray, coef: np.ndarray, canon: np.ndarray, cfg: dict) -> None:
    V, dsem = table.shape
    did, dg, m = cfg['id_dims'], cfg['gate_dims'], cfg['rff_features']
    du = dsem + did + dg + 1
    rng = np.random.default_rng(cfg['seed'] + 7)
    ia, ib = signs(rng, (P1, did)), signs(rng, (P2, did))
    ga, gb = signs(rng, (G1, dg)), signs(rng, (G2, dg))
    qa, qb = signs(rng, (Q1, dg)), signs(rng, (Q2, dg))
    omega = rng.standard_normal((du, m))
    omega_scale = float(np.abs(omega).max() / 127)
    omega_q = np.round(omega / omega_scale).astype(np.int8)
    phase = rng.uniform(0, 2 * np.pi, m).astype(np.float32)

    def c(name, value, dtype=None):
        return numpy_helper.from_array(np.array(value, dtype) if dtype else value, name)

    inits = [
        c('sem_table', table.astype(np.int8)),
        c('token_coef', coef.astype(np.float32)),
        c('canonical_id', canon.astype(np.int32)),
        c('id_hash_a', ia), c('id_hash_b', ib),
        c('gate_hash_a', ga), c('gate_hash_b', gb),
        c('bigram_hash_a', qa), c('bigram_hash_b', qb),
        c('rff_omega', omega_q),
        c('rff_scale', omega_scale / cfg['rff_sigma'], np.float32),
        c('rff_phase', phase),
        c('rff_norm', np.sqrt(2.0 / m), np.float32),
        c('p1', P1, np.int64), c('p2', P2, np.int64),
        c('g1', G1, np.int64), c('g2', G2, np.int64),
        c('q1', Q1, np.int64), c('q2', Q2, np.int64),
        c('bigram_mult', BIGRAM_MULT, np.int64),
        c('id_norm', 1.0 / np.sqrt(did), np.float32),
        c('gate_norm', 1.0 / np.sqrt(dg), np.float32),
        c('bigram_w', cfg['gate_bigram_weight'], np.float32),
        c('axis2', [2], np.int64), c('axis1', [1], np.int64),
        c('col0', [0], np.int64), c('col1', [1], np.int64), c('col2', [2], np.int64),
        c('col3', [3], np.int64), c('col4', [4], np.int64),
        c('start0', [0], np.int64), c('start1', [1], np.int64),
        c('end_m1', [-1], np.int64), c('end_max', [np.iinfo(np.int64).max], np.int64),
        c('pad_last', [0, 0, 0, 0, 1, 0], np.int64),
        c('eps', 1e-12, np.float32),
    ]
    n = helper.make_node

    def hashed(prefix, key, ta, tb, ma, mb):
        """±1 vector T_a[key mod ma] * T_b[key mod mb] (float)."""
        return [
            n('Mod', [key, ma], [f'{prefix}_ka']),
            n('Mod', [key, mb], [f'{prefix}_kb']),
            n('Gather', [ta, f'{prefix}_ka'], [f'{prefix}_a8']),
            n('Gather', [tb, f'{prefix}_kb'], [f'{prefix}_b8']),
            n('Cast', [f'{prefix}_a8'], [f'{prefix}_af'], to=TensorProto.FLOAT),
            n('Cast', [f'{prefix}_b8'], [f'{prefix}_bf'], to=TensorProto.FLOAT),
            n('Mul', [f'{prefix}_af', f'{prefix}_bf'], [f'{prefix}_vec']),
        ]

    nodes = [
        n('Cast', ['attention_mask'], ['mask_f'], to=TensorProto.FLOAT),
        n('Unsqueeze', ['mask_f', 'axis2'], ['mask3']),
        n('Gather', ['token_coef', 'input_ids'], ['coef_raw']),
        n('Mul', ['coef_raw', 'mask3'], ['coef']),
        n('Gather', ['coef', 'col0'], ['c_sem'], axis=2),
        n('Gather', ['coef', 'col1'], ['c_id'], axis=2),
        n('Gather', ['coef', 'col2'], ['c_gate'], axis=2),
        n('Gather', ['coef', 'col3'], ['c_neg'], axis=2),
        n('Gather', ['coef', 'col4'], ['c_bg'], axis=2),
        # semantic row (int8 table, scale folded into c_sem)
        n('Gather', ['sem_table', 'input_ids'], ['sem_i8']),
        n('Cast', ['sem_i8'], ['sem_f'], to=TensorProto.FLOAT),
        n('Mul', ['sem_f', 'c_sem'], ['v_sem']),
        # hashed identity of the canonical token
        n('Gather', ['canonical_id', 'input_ids'], ['canon32']),
        n('Cast', ['canon32'], ['canon'], to=TensorProto.INT64),
        *hashed('id', 'canon', 'id_hash_a', 'id_hash_b', 'p1', 'p2'),
        n('Mul', ['id_vec', 'id_norm'], ['id_unit']),
        n('Mul', ['id_unit', 'c_id'], ['v_id']),
        # exact-value identity (numerals, dates, names) plus numeral bigrams (t, t+1), credited to position t
        *hashed('gate', 'canon', 'gate_hash_a', 'gate_hash_b', 'g1', 'g2'),
        n('Mul', ['gate_vec', 'gate_norm'], ['gate_unit']),
        n('Mul', ['gate_unit', 'c_gate'], ['v_gate_u']),
        n('Slice', ['canon', 'start0', 'end_m1', 'axis1'], ['ca']),
        n('Slice', ['canon', 'start1', 'end_max', 'axis1'], ['cb']),
        n('Slice', ['c_bg', 'start0', 'end_m1', 'axis1'], ['fa']),
        n('Slice', ['c_bg', 'start1', 'end_max', 'axis1'], ['fb']),
        n('Mul', ['fa', 'fb'], ['fab']),
        n('Mul', ['ca', 'bigram_mult'], ['ca_m']),
        n('Add', ['ca_m', 'cb'], ['hb']),
        *hashed('bg', 'hb', 'bigram_hash_a', 'bigram_hash_b', 'q1', 'q2'),
        n('Mul', ['bg_vec', 'gate_norm'], ['bg_unit']),
        n('Mul', ['bg_unit', 'fab'], ['bg_u']),
        n('Mul', ['bg_u', 'bigram_w'], ['bg_short']),
        n('Pad', ['bg_short', 'pad_last'], ['bg_tok'], mode='constant'),
        n('Add', ['v_gate_u', 'bg_tok'], ['v_gate']),
        # token contributions to the bag: [semantic, identity, exact-value, negation]
        n('Concat', ['v_sem', 'v_id', 'v_gate', 'c_neg'], ['last_hidden_state'], axis=2),
        n('ReduceSum', ['last_hidden_state', 'axis1'], ['bag'], keepdims=0),        # [B, du]
        # random Fourier features: cos(bag . omega / sigma + phase) * sqrt(2/m)
        n('Cast', ['rff_omega'], ['omega_f'], to=TensorProto.FLOAT),
        n('Mul', ['omega_f', 'rff_scale'], ['omega']),
        n('MatMul', ['bag', 'omega'], ['proj']),
        n('Add', ['proj', 'rff_phase'], ['proj_b']),
        n('Cos', ['proj_b'], ['feat_u']),
        n('Mul', ['feat_u', 'rff_norm'], ['feat']),
        n('ReduceL2', ['feat'], ['norm'], axes=[1], keepdims=1),
        n('Max', ['norm', 'eps'], ['norm_safe']),
        n('Div', ['feat', 'norm_safe'], ['sentence_embedding']),
    ]
    graph = helper.make_graph(
        nodes,
        'csc-studio-lexical-default',
        [
            helper.make_tensor_value_info('input_ids', TensorProto.INT64, ['batch', 'sequence']),
            helper.make_tensor_value_info('attention_mask', TensorProto.INT64, ['batch', 'sequence']),
            helper.make_tensor_value_info('token_type_ids', TensorProto.INT64, ['batch', 'sequence']),
        ],
        [
            helper.make_tensor_value_info('last_hidden_state', TensorProto.FLOAT, ['batch', 'sequence', du]),
            helper.make_tensor_value_info('sentence_embedding', TensorProto.FLOAT, ['batch', m]),
        ],
        inits,
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid('', 13)], producer_name='csc-studio models/build')
    model.ir_version = 7
    onnx.checker.check_model(model)
    onnx.save(model, path)
