// Rewrites Moonshine's quantized merged decoder (from @usefulsensors/moonshine-js) so that its output
// projection runs on the int8 weights it ships with. As published, each decoder step transposes the
// whole 32,768-token int8 embedding matrix, dequantizes it to float (54 MB for base) and multiplies by
// that: 11 of base's 16 ms per token (docs/decisions/014). Here the transposed int8 matrix is stored
// once as a constant and the projection becomes ONNX Runtime's DynamicQuantizeMatMul (the kernel the
// model's other layers already use); the projection's input becomes an extra output, so the server can
// score the best few tokens exactly (outputProjection below). Only those nodes and outputs change;
// every other byte of the model is copied through.
import {
  bytesField,
  bytesOf,
  numberField,
  numberOf,
  parseMessage,
  serializeMessage,
  stringField,
  stringOf,
} from './onnx-wire.mjs';

// ONNX protobuf field numbers (onnx.proto)
const MODEL = { opsetImport: 8, graph: 7 };
const OPSET = { domain: 1, version: 2 };
const GRAPH = { node: 1, initializer: 5, output: 12 };
const NODE = { input: 1, output: 2, name: 3, opType: 4, attribute: 5, domain: 7 };
const ATTRIBUTE = { graph: 6 };
const TENSOR = { dims: 1, dataType: 2, floatData: 4, int32Data: 5, name: 8, rawData: 9 };
const VALUE_INFO = { name: 1, type: 2 };
const FLOAT = 1;
const UINT8 = 2;
const INT8 = 3;

const EMBEDDING = 'model.decoder.embed_tokens.weight_merged_0_quantized';
const SCALE = 'model.decoder.embed_tokens.weight_merged_0_scale';
const ZERO_POINT = 'model.decoder.embed_tokens.weight_merged_0_zero_point';
const DEQUANTIZED = 'model.decoder.embed_tokens.weight_transposed';
const TRANSPOSED_INT8 = 'model.decoder.embed_tokens.weight_transposed_int8';
/** Extra model output: the hidden state the vocabulary projection reads (moonshine.ts rescores with it). */
export const HIDDEN_OUTPUT = 'decoder_hidden_state';

/** A graph output of float elements (shape left open). */
const floatOutput = (name) =>
  bytesField(
    GRAPH.output,
    serializeMessage([
      stringField(VALUE_INFO.name, name),
      bytesField(VALUE_INFO.type, serializeMessage([bytesField(1, serializeMessage([numberField(1, FLOAT)]))])),
    ]),
  );

/** Index in the graph's fields and parsed fields of the initializer called `name`. */
function initializer(graph, name) {
  for (let at = 0; at < graph.length; at++) {
    if (graph[at].field !== GRAPH.initializer) continue;
    const tensor = parseMessage(bytesOf(graph[at]));
    const n = tensor.find((x) => x.field === TENSOR.name);
    if (n !== undefined && stringOf(n) === name) return { at, tensor };
  }
  throw new Error(`unexpected Moonshine decoder: no initializer ${name}`);
}

/** The published int8 embedding (one row of `width` per token), checked to be what the rewrite expects. */
function embedding(graph) {
  const { at, tensor } = initializer(graph, EMBEDDING);
  const dims = tensor.filter((x) => x.field === TENSOR.dims).map(numberOf);
  const dataType = numberOf(tensor.find((x) => x.field === TENSOR.dataType));
  const raw = tensor.find((x) => x.field === TENSOR.rawData);
  if (dims.length !== 2 || (dataType !== UINT8 && dataType !== INT8) || !raw)
    throw new Error(`unexpected Moonshine decoder: ${EMBEDDING} is not a 2-D 8-bit tensor with raw data`);
  const [vocab, width] = dims;
  return { at, vocab, width, dataType, weights: bytesOf(raw) };
}

const graphOf = (top) => {
  const at = top.findIndex((f) => f.field === MODEL.graph);
  if (at < 0) throw new Error('not an ONNX model: no graph');
  return { at, graph: parseMessage(bytesOf(top[at])) };
};

const node = (f) => {
  const fields = parseMessage(bytesOf(f));
  const strings = (k) => fields.filter((x) => x.field === k).map(stringOf);
  return {
    fields,
    opType: strings(NODE.opType)[0],
    name: strings(NODE.name)[0] ?? '',
    inputs: strings(NODE.input),
    outputs: strings(NODE.output),
  };
};

/**
 * @param {Uint8Array} model the bytes of decoder_model_merged.onnx
 * @returns {Uint8Array} the rewritten model
 */
export function quantizeOutputProjection(model) {
  const top = parseMessage(model);
  const { at: graphAt, graph } = graphOf(top);
  const { at: embeddingAt, vocab, width, dataType, weights } = embedding(graph);
  const transposed = new Uint8Array(vocab * width);
  for (let v = 0; v < vocab; v++) for (let d = 0; d < width; d++) transposed[d * vocab + v] = weights[v * width + d];
  const constant = serializeMessage([
    numberField(TENSOR.dims, width),
    numberField(TENSOR.dims, vocab),
    numberField(TENSOR.dataType, dataType),
    stringField(TENSOR.name, TRANSPOSED_INT8),
    bytesField(TENSOR.rawData, transposed),
  ]);

  const hiddenStates = []; // the input of each projection rewritten (one per branch)
  const rewriteGraph = (fields) =>
    fields.flatMap((f) => {
      if (f.field !== GRAPH.node) return [f];
      const n = node(f);
      if (n.opType === 'Transpose' && n.inputs[0] === EMBEDDING) return []; // the per-step transpose
      if (n.opType === 'DequantizeLinear' && n.outputs[0] === DEQUANTIZED) return []; // the per-step dequantization
      if (n.opType === 'MatMul' && n.inputs[1] === DEQUANTIZED) {
        hiddenStates.push(n.inputs[0]);
        const projection = serializeMessage([
          stringField(NODE.input, n.inputs[0]),
          stringField(NODE.input, TRANSPOSED_INT8),
          stringField(NODE.input, SCALE),
          stringField(NODE.input, ZERO_POINT),
          stringField(NODE.output, n.outputs[0]),
          stringField(NODE.name, n.name),
          stringField(NODE.opType, 'DynamicQuantizeMatMul'),
          stringField(NODE.domain, 'com.microsoft'),
        ]);
        return [bytesField(GRAPH.node, projection)];
      }
      // the merged decoder keeps its two variants (first step, cached steps) as If branches; each
      // branch also returns its projection's input (the hidden state), as the If's last output
      let branches = 0;
      const fieldsOut = n.fields.map((x) => {
        if (x.field !== NODE.attribute) return x;
        const attribute = parseMessage(bytesOf(x));
        const at = attribute.findIndex((y) => y.field === ATTRIBUTE.graph);
        if (at < 0) return x;
        const before = hiddenStates.length;
        const branch = rewriteGraph(parseMessage(bytesOf(attribute[at])));
        if (hiddenStates.length !== before + 1)
          throw new Error(`unexpected Moonshine decoder: a branch of ${n.name} holds no single output projection`);
        branch.push(floatOutput(hiddenStates[before]));
        branches++;
        attribute[at] = bytesField(ATTRIBUTE.graph, serializeMessage(branch));
        return bytesField(NODE.attribute, serializeMessage(attribute));
      });
      if (branches > 0) fieldsOut.push(stringField(NODE.output, HIDDEN_OUTPUT));
      return [bytesField(GRAPH.node, serializeMessage(fieldsOut))];
    });
  const newGraph = rewriteGraph(graph);
  if (hiddenStates.length !== 2)
    throw new Error(
      'unexpected Moonshine decoder: expected an output projection over the dequantized embedding in each of two branches',
    );
  newGraph.splice(embeddingAt + 1, 0, bytesField(GRAPH.initializer, constant));
  newGraph.push(floatOutput(HIDDEN_OUTPUT));

  top[graphAt] = bytesField(MODEL.graph, serializeMessage(newGraph));
  const hasMicrosoft = top.some(
    (f) =>
      f.field === MODEL.opsetImport &&
      parseMessage(bytesOf(f)).some((x) => x.field === OPSET.domain && stringOf(x) === 'com.microsoft'),
  );
  if (!hasMicrosoft) {
    const last = top.map((f) => f.field).lastIndexOf(MODEL.opsetImport);
    const opset = serializeMessage([stringField(OPSET.domain, 'com.microsoft'), numberField(OPSET.version, 1)]);
    top.splice(last + 1, 0, bytesField(MODEL.opsetImport, opset));
  }
  return serializeMessage(top);
}

/**
 * The vocabulary projection's weights as the published model stores them (one int8 row per token)
 * with their scale and zero point: logit(v) = scale · Σ_d hidden[d] · (row_v[d] − zeroPoint). The
 * server keeps them to rescore the few best tokens exactly (moonshine.ts).
 * @param {Uint8Array} model the bytes of decoder_model_merged.onnx
 */
export function outputProjection(model) {
  const { graph } = graphOf(parseMessage(model));
  const { vocab, width, dataType, weights } = embedding(graph);
  return {
    vocab,
    width,
    signed: dataType === INT8,
    scale: scalarOf(initializer(graph, SCALE).tensor),
    zeroPoint: scalarOf(initializer(graph, ZERO_POINT).tensor),
    weights,
  };
}

/** The one value of a scalar initializer: float (raw or float_data) or integer (raw or int32_data). */
function scalarOf(tensor) {
  const dataType = numberOf(tensor.find((x) => x.field === TENSOR.dataType));
  const raw = tensor.find((x) => x.field === TENSOR.rawData);
  const bytes = raw ? bytesOf(raw) : undefined;
  if (dataType === FLOAT) {
    const b = bytes ?? bytesOf(tensor.find((x) => x.field === TENSOR.floatData));
    return new DataView(b.buffer, b.byteOffset, 4).getFloat32(0, true);
  }
  if (bytes) return dataType === INT8 ? (bytes[0] << 24) >> 24 : bytes[0];
  const packed = bytesOf(tensor.find((x) => x.field === TENSOR.int32Data));
  return numberOf({ raw: packed });
}
