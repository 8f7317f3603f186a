import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HIDDEN_OUTPUT, outputProjection, quantizeOutputProjection } from './moonshine-decoder.mjs';
import { bytesOf, numberOf, parseMessage, stringOf } from './onnx-wire.mjs';

const models = join(import.meta.dirname, '../../models/moonshine');

/** Every node of the model, branches of If nodes included: { opType, domain, inputs, outputs }. */
function nodes(model) {
  const out = [];
  const walk = (graph) => {
    for (const f of graph.filter((x) => x.field === 1)) {
      const n = parseMessage(bytesOf(f));
      const strings = (k) => n.filter((x) => x.field === k).map(stringOf);
      out.push({ opType: strings(4)[0], domain: strings(7)[0] ?? '', inputs: strings(1), outputs: strings(2) });
      for (const a of n.filter((x) => x.field === 5)) {
        const g = parseMessage(bytesOf(a)).find((x) => x.field === 6);
        if (g) walk(parseMessage(bytesOf(g)));
      }
    }
  };
  walk(parseMessage(bytesOf(parseMessage(model).find((x) => x.field === 7))));
  return out;
}

describe('Moonshine decoder rewrite (install time)', () => {
  const published = readFileSync(join(models, 'tiny/decoder_model_merged.onnx'));
  const rewritten = quantizeOutputProjection(published);

  it('projects onto the vocabulary with int8 weights in both branches, without the per-step transpose and dequantization', () => {
    const before = nodes(published);
    const after = nodes(rewritten);
    const perStep = (ns) =>
      ns.filter(
        (n) =>
          (n.opType === 'Transpose' && n.inputs[0] === 'model.decoder.embed_tokens.weight_merged_0_quantized') ||
          (n.opType === 'DequantizeLinear' && n.outputs[0] === 'model.decoder.embed_tokens.weight_transposed'),
      );
    expect(perStep(before)).toHaveLength(4); // a transpose and a dequantization in each of the two branches
    expect(perStep(after)).toHaveLength(0);
    const projections = after.filter((n) => n.opType !== 'If' && n.outputs[0] === 'logits');
    expect(projections).toHaveLength(2);
    for (const p of projections) {
      expect(p).toMatchObject({ opType: 'DynamicQuantizeMatMul', domain: 'com.microsoft' });
      expect(p.inputs[1]).toBe('model.decoder.embed_tokens.weight_transposed_int8');
    }
    // every other node is kept
    expect(after.length).toBe(before.length - 4);
    expect(after.filter((n) => n.opType === 'MatMul').length).toBe(
      before.filter((n) => n.opType === 'MatMul').length - 2,
    );
  });

  it('stores the transposed int8 matrix once, as a constant, and declares the com.microsoft operators', () => {
    const top = parseMessage(rewritten);
    const graph = parseMessage(bytesOf(top.find((x) => x.field === 7)));
    const constant = graph
      .filter((x) => x.field === 5)
      .map((x) => parseMessage(bytesOf(x)))
      .find((t) => stringOf(t.find((x) => x.field === 8)) === 'model.decoder.embed_tokens.weight_transposed_int8');
    expect(constant).toBeDefined();
    const dims = constant.filter((x) => x.field === 1).map(numberOf);
    expect(bytesOf(constant.find((x) => x.field === 9)).length).toBe(32768 * 288); // tiny: 288 wide
    expect(dims).toEqual([288, 32768]);
    const domains = top.filter((x) => x.field === 8).map((x) => parseMessage(bytesOf(x)).find((y) => y.field === 1));
    expect(domains.filter(Boolean).map(stringOf)).toContain('com.microsoft');
  });

  it('also returns the hidden state the projection reads, from both branches', () => {
    const graph = parseMessage(bytesOf(parseMessage(rewritten).find((x) => x.field === 7)));
    const outputs = graph.filter((x) => x.field === 12).map((x) => stringOf(parseMessage(bytesOf(x))[0]));
    expect(outputs.at(-1)).toBe(HIDDEN_OUTPUT);
    const ifNode = nodes(rewritten).find((n) => n.opType === 'If');
    expect(ifNode.outputs.at(-1)).toBe(HIDDEN_OUTPUT);
    expect(ifNode.outputs).toHaveLength(outputs.length);
  });

  it('gives the projection rows with their scale and zero point, as the install step stores them', () => {
    const p = outputProjection(published);
    expect(p).toMatchObject({ vocab: 32768, width: 288, signed: false, zeroPoint: 129 });
    expect(p.scale).toBeCloseTo(0.0114082, 6);
    expect(p.weights.length).toBe(32768 * 288);
  });

  it('refuses a model that is not the decoder it knows, naming what it expected', () => {
    const encoder = readFileSync(join(models, 'tiny/encoder_model.onnx'));
    expect(() => quantizeOutputProjection(encoder)).toThrow(/unexpected Moonshine decoder/);
    expect(() => quantizeOutputProjection(new TextEncoder().encode('not a model'))).toThrow();
  });
});
