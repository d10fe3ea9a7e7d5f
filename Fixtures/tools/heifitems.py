#!/usr/bin/env python3
"""heifitems: rebuilds a one-image HEIF with extra items and boxes, for photoaudit's red-team
fixtures (stdlib only).

  heifitems.py BASE OUT SPEC.json
      BASE is a HEIF whose 'meta' holds hdlr, pitm, iloc, iinf, iprp and whose primary item is
      one extent in 'mdat' (what heif-enc writes). OUT gets: ftyp, a new 'meta' (hdlr, pitm,
      iloc version 1 with 4-byte offsets and lengths, iinf with 'infe' version 2, iref version 0,
      the base's iprp, idat when an item asks for it, then SPEC's raw "meta_boxes"), the
      "before_mdat" boxes, one 'mdat' (the primary's data, then the items' data), then the
      "after_mdat" boxes. SPEC is a JSON object:
        items: [{id, type, name?, content_type?, content_encoding?, hidden?, data_hex,
                 method?: 0 (mdat, default) | 1 (idat), pieces?: N (split into N extents,
                 stored last piece first), box?: index of a "before_mdat" box holding the data
                 (the extent points into that box's payload; data_hex is not stored again)}]
        refs: [[type, from, [to...]]]
        meta_boxes, before_mdat, after_mdat: [hex of whole boxes]
"""
import json
import struct
import sys

sys.path.insert(0, __import__("os").path.dirname(__file__))
from heifbox import boxes, child, parse_iloc, read_uint, top  # noqa: E402


def box(typ, body):
    return struct.pack(">I4s", 8 + len(body), typ.encode("latin-1")) + body


def full(typ, version, flags, body):
    return box(typ, bytes([version]) + flags.to_bytes(3, "big") + body)


def infe(item):
    body = struct.pack(">HH", item["id"], 0) + item["type"].encode("latin-1") + item.get("name", "").encode() + b"\0"
    if item["type"] == "mime":
        body += item.get("content_type", "").encode() + b"\0"
        if "content_encoding" in item:
            body += item["content_encoding"].encode() + b"\0"
    return full("infe", 2, 1 if item.get("hidden") else 0, body)


def iloc(entries):
    """entries: [(id, method, [(offset, length)])]; version 1, offsets and lengths of 4 bytes."""
    body = bytes([0x44, 0x00]) + struct.pack(">H", len(entries))
    for item_id, method, extents in entries:
        body += struct.pack(">HHHH", item_id, method, 0, len(extents))
        for off, ln in extents:
            body += struct.pack(">II", off, ln)
    return full("iloc", 1, 0, body)


def build(base_path, out_path, spec):
    data = open(base_path, "rb").read()
    ftyp = data[:top(data, b"ftyp")[3]]
    meta = top(data, b"meta")
    keep = {t: data[s:e] for t, s, h, e in boxes(data, meta[1] + meta[2] + 4, meta[3])}
    (primary_loc,) = [i for i in parse_iloc(data, child(data, meta, b"iloc")) if i["id"] == 1]
    (((_, _, off), (_, _, ln)),) = primary_loc["extents"]
    primary = data[primary_loc["base"][2] + off:primary_loc["base"][2] + off + ln]
    items = spec.get("items", [])
    for item in items:
        item["data"] = bytes.fromhex(item["data_hex"])
    before = [bytes.fromhex(h) for h in spec.get("before_mdat", [])]
    after = [bytes.fromhex(h) for h in spec.get("after_mdat", [])]
    idat = b"".join(i["data"] for i in items if i.get("method") == 1)

    def pieces(item):
        n = item.get("pieces", 1)
        size = -(-len(item["data"]) // n)
        return [item["data"][k:k + size] for k in range(0, len(item["data"]), size)]

    def assemble(meta_len):
        ftyp_end = len(ftyp)
        cursor = ftyp_end + meta_len
        box_at = []
        for b in before:
            box_at.append(cursor)
            cursor += len(b)
        mdat_payload = cursor + 8
        entries = [(1, 0, [(mdat_payload, len(primary))])]
        stored = primary
        idat_cursor = 0
        for item in items:
            if "box" in item:
                entries.append((item["id"], 0, [(box_at[item["box"]] + 8 + item.get("box_skip", 0), len(item["data"]))]))
            elif item.get("method") == 1:
                entries.append((item["id"], 1, [(idat_cursor, len(item["data"]))]))
                idat_cursor += len(item["data"])
            else:
                parts = pieces(item)
                offsets = []
                for part in reversed(parts):
                    offsets.append(mdat_payload + len(stored))
                    stored += part
                entries.append((item["id"], 0, list(zip(reversed(offsets), [len(p) for p in parts]))))
        infes = b"".join(infe(i) for i in [{"id": 1, "type": "hvc1"}] + items)
        refs = b"".join(box(t, struct.pack(">HH", f, len(to)) + b"".join(struct.pack(">H", x) for x in to))
                        for t, f, to in spec.get("refs", []))
        children = keep[b"hdlr"] + keep[b"pitm"] + iloc(entries) + full("iinf", 0, 0, struct.pack(">H", 1 + len(items)) + infes)
        if refs:
            children += full("iref", 0, 0, refs)
        children += keep[b"iprp"]
        if idat:
            children += box("idat", idat)
        children += b"".join(bytes.fromhex(h) for h in spec.get("meta_boxes", []))
        return ftyp + full("meta", 0, 0, children) + b"".join(before) + box("mdat", stored) + b"".join(after)

    first = assemble(0)
    meta_len = struct.unpack(">I", first[len(ftyp):len(ftyp) + 4])[0]
    out = assemble(meta_len)
    assert struct.unpack(">I", out[len(ftyp):len(ftyp) + 4])[0] == meta_len
    open(out_path, "wb").write(out)


if __name__ == "__main__":
    if len(sys.argv) != 4:
        raise SystemExit(__doc__)
    build(sys.argv[1], sys.argv[2], json.load(open(sys.argv[3])))
