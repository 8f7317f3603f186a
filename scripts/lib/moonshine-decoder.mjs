// Rewrites Moonshine's quantized merged decoder (from @usefulsensors/moonshine-js) so that its output
// projection runs on the int8 weights it ships with. As published, each decoder step transposes the
// whole 32,768-token int8 embedding matrix, dequantizes it to float (54 MB for base) and multiplies by
// that: 11 of base's 16 ms per token (docs/decisions/014). Here the transposed int8 matrix is stored
// once as a constant and the projection becomes ONNX Runtime's DynamicQuantizeMatMul (the kernel the
// model's other layers already use). Only those three nodes per branch change; every other byte of the
// model is copied through.
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
const GRAPH = { node: 1, initializer: 5 };
const NODE = { input: 1, output: 2, name: 3, opType: 4, attribute: 5, domain: 7 };
const ATTRIBUTE = { graph: 6 };
const TENSOR = { dims: 1, dataType: 2, name: 8, rawData: 9 };
const UINT8 = 2;
const INT8 = 3;

const EMBEDDING = 'model.decoder.embed_tokens.weight_merged_0_quantized';
const SCALE = 'model.decoder.embed_tokens.weight_merged_0_scale';
const ZERO_POINT = 'model.decoder.embed_tokens.weight_merged_0_zero_point';
const DEQUANTIZED = 'model.decoder.embed_tokens.weight_transposed';
const TRANSPOSED_INT8 = 'model.decoder.embed_tokens.weight_transposed_int8';

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
  const graphAt = top.findIndex((f) => f.field === MODEL.graph);
  if (graphAt < 0) throw new Error('not an ONNX model: no graph');
  const graph = parseMessage(bytesOf(top[graphAt]));

  const embeddingAt = graph.findIndex((f) => {
    if (f.field !== GRAPH.initializer) return false;
    const name = parseMessage(bytesOf(f)).find((x) => x.field === TENSOR.name);
    return name !== undefined && stringOf(name) === EMBEDDING;
  });
  if (embeddingAt < 0) throw new Error(`unexpected Moonshine decoder: no initializer ${EMBEDDING}`);
  const tensor = parseMessage(bytesOf(graph[embeddingAt]));
  const dims = tensor.filter((x) => x.field === TENSOR.dims).map(numberOf);
  const dataType = numberOf(tensor.find((x) => x.field === TENSOR.dataType));
  const raw = tensor.find((x) => x.field === TENSOR.rawData);
  if (dims.length !== 2 || (dataType !== UINT8 && dataType !== INT8) || !raw)
    throw new Error(`unexpected Moonshine decoder: ${EMBEDDING} is not a 2-D 8-bit tensor with raw data`);
  const [vocab, width] = dims;
  const weights = bytesOf(raw);
  const transposed = new Uint8Array(vocab * width);
  for (let v = 0; v < vocab; v++) for (let d = 0; d < width; d++) transposed[d * vocab + v] = weights[v * width + d];
  const constant = serializeMessage([
    numberField(TENSOR.dims, width),
    numberField(TENSOR.dims, vocab),
    numberField(TENSOR.dataType, dataType),
    stringField(TENSOR.name, TRANSPOSED_INT8),
    bytesField(TENSOR.rawData, transposed),
  ]);

  let rewritten = 0;
  const rewriteGraph = (fields) =>
    fields.flatMap((f) => {
      if (f.field !== GRAPH.node) return [f];
      const n = node(f);
      if (n.opType === 'Transpose' && n.inputs[0] === EMBEDDING) return []; // the per-step transpose
      if (n.opType === 'DequantizeLinear' && n.outputs[0] === DEQUANTIZED) return []; // the per-step dequantization
      if (n.opType === 'MatMul' && n.inputs[1] === DEQUANTIZED) {
        rewritten++;
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
      // the merged decoder keeps its two variants (first step, cached steps) as If branches
      const fieldsOut = n.fields.map((x) => {
        if (x.field !== NODE.attribute) return x;
        const attribute = parseMessage(bytesOf(x));
        const at = attribute.findIndex((y) => y.field === ATTRIBUTE.graph);
        if (at < 0) return x;
        attribute[at] = bytesField(
          ATTRIBUTE.graph,
          serializeMessage(rewriteGraph(parseMessage(bytesOf(attribute[at])))),
        );
        return bytesField(NODE.attribute, serializeMessage(attribute));
      });
      return [bytesField(GRAPH.node, serializeMessage(fieldsOut))];
    });
  const newGraph = rewriteGraph(graph);
  if (rewritten === 0)
    throw new Error('unexpected Moonshine decoder: no output projection over the dequantized embedding');
  newGraph.splice(embeddingAt + 1, 0, bytesField(GRAPH.initializer, constant));

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
