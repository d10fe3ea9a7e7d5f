#!/usr/bin/env python3
"""heifgrid: assembles a grid HEIC from single-image HEICs, one per tile (stdlib only).

  heifgrid.py OUT WIDTH HEIGHT COLUMNS [--clap WN WD HN HD HON HOD VON VOD] [--irot N]
              [--imir AXIS] [--repeat N] TILE.heic...

libheif 1.15's encoder (heif-enc, tools/heicenc.c) writes one coded image per file; iPhones write
a 'grid' of 512x512 tiles. This tool takes the primary item of each TILE.heic (its 'hvcC' and
'ispe' properties and its coded bytes) and writes a HEIC whose primary item is a 'grid'
(ImageGrid: rows x COLUMNS tiles, output WIDTH x HEIGHT, 32-bit sizes when needed) referring
to the tiles by 'dimg' in row-major order [ISO/IEC 23008-12 6.6.2.3]. Tiles are hidden items
(infe flags 1); identical configurations, sizes and coded bytes are stored once, so a grid of
10,000 tiles made of a few distinct ones stays small. The grid gets the transformative
properties asked for, in MIAF order (clap, irot, imir), marked essential.

--repeat N uses the TILE list N times over (a 100x100 grid from 16 distinct tiles:
--repeat 625). Items: grid 1, tiles 2...; iloc version 1 (32-bit offsets), ipma with 15-bit
property indexes when there are more than 127 properties.
"""
import struct
import sys

sys.path.insert(0, __import__("os").path.dirname(__file__))
from heifbox import boxes, child, top, parse_iloc, parse_ipma  # noqa: E402


def box(typ, payload):
    return struct.pack(">I4s", 8 + len(payload), typ) + payload


def full_box(typ, version, flags, payload):
    return box(typ, struct.pack(">I", (version << 24) | flags) + payload)


def read_tile(path):
    """Returns (hvcC box bytes, width, height, coded bytes) of the primary item of a HEIC."""
    data = open(path, "rb").read()
    meta = top(data, b"meta")
    pitm = child(data, meta, b"pitm")
    primary = struct.unpack(">H", data[pitm[1] + pitm[2] + 4:pitm[1] + pitm[2] + 6])[0]
    iprp = child(data, meta, b"iprp")
    ipco = child(data, iprp, b"ipco")
    props = list(boxes(data, ipco[1] + ipco[2], ipco[3]))
    ipma = child(data, iprp, b"ipma")
    _, _, entries = parse_ipma(data, ipma)
    hvcc = width = height = None
    for item_id, assocs in entries:
        if item_id != primary:
            continue
        for _, index in assocs:
            typ, start, hdr, end = props[index - 1]
            if typ == b"hvcC":
                hvcc = data[start:end]
            elif typ == b"ispe":
                width, height = struct.unpack(">II", data[start + hdr + 4:start + hdr + 12])
    items = parse_iloc(data, child(data, meta, b"iloc"))
    item = next(i for i in items if i["id"] == primary)
    if item["method"] != 0:
        raise ValueError("%s: primary item data not in the file body" % path)
    base = item["base"][2]
    coded = b"".join(data[base + off[2]:base + off[2] + length[2]] for off, length in item["extents"])
    if hvcc is None or width is None:
        raise ValueError("%s: primary item has no hvcC or ispe" % path)
    return hvcc, width, height, coded


def main(argv):
    args = argv[1:]
    out, width, height, columns = args[0], int(args[1]), int(args[2]), int(args[3])
    args = args[4:]
    clap = irot = imir = None
    repeat = 1
    while args and args[0].startswith("--"):
        opt = args.pop(0)
        if opt == "--clap":
            clap = [int(v) for v in args[:8]]
            args = args[8:]
        elif opt == "--irot":
            irot = int(args.pop(0))
        elif opt == "--imir":
            imir = int(args.pop(0))
        elif opt == "--repeat":
            repeat = int(args.pop(0))
        else:
            raise SystemExit("heifgrid: unknown option " + opt)
    tiles = [read_tile(p) for p in args] * repeat
    if not tiles or len(tiles) % columns:
        raise SystemExit("heifgrid: %d tiles do not fill rows of %d" % (len(tiles), columns))
    rows = len(tiles) // columns
    if rows > 256 or columns > 256:
        raise SystemExit("heifgrid: ImageGrid holds at most 256 x 256 tiles")

    # --- properties, each distinct one once
    properties = []
    index_of = {}

    def prop(payload):
        if payload not in index_of:
            properties.append(payload)
            index_of[payload] = len(properties)
        return index_of[payload]

    grid_assoc = [(False, prop(full_box(b"ispe", 0, 0, struct.pack(">II", width, height))))]
    if clap is not None:
        grid_assoc.append((True, prop(box(b"clap", struct.pack(">IIIIiIiI", *clap)))))
    if irot is not None:
        grid_assoc.append((True, prop(box(b"irot", bytes([irot & 3])))))
    if imir is not None:
        grid_assoc.append((True, prop(box(b"imir", bytes([imir & 1])))))
    tile_assoc = []
    for hvcc, w, h, _ in tiles:
        tile_assoc.append([(True, prop(hvcc)), (False, prop(full_box(b"ispe", 0, 0, struct.pack(">II", w, h))))])

    # --- coded bytes, each distinct run once; the grid description first
    wide = width > 0xFFFF or height > 0xFFFF
    grid_data = bytes([0, 1 if wide else 0, rows - 1, columns - 1]) + (
        struct.pack(">II", width, height) if wide else struct.pack(">HH", width, height))
    chunks = [grid_data]
    chunk_of = {}
    tile_chunk = []
    for _, _, _, coded in tiles:
        if coded not in chunk_of:
            chunk_of[coded] = len(chunks)
            chunks.append(coded)
        tile_chunk.append(chunk_of[coded])
    chunk_offsets = []
    pos = 0
    for c in chunks:
        chunk_offsets.append(pos)
        pos += len(c)

    n = len(tiles)
    ids = list(range(2, n + 2))
    hdlr = full_box(b"hdlr", 0, 0, struct.pack(">I4sIII", 0, b"pict", 0, 0, 0) + b"\0")
    pitm = full_box(b"pitm", 0, 0, struct.pack(">H", 1))
    infe = [full_box(b"infe", 2, 0, struct.pack(">HH4s", 1, 0, b"grid") + b"\0")]
    infe += [full_box(b"infe", 2, 1, struct.pack(">HH4s", i, 0, b"hvc1") + b"\0") for i in ids]
    iinf = full_box(b"iinf", 0, 0, struct.pack(">H", n + 1) + b"".join(infe))
    iref = full_box(b"iref", 0, 0, box(b"dimg", struct.pack(">HH", 1, n) + b"".join(struct.pack(">H", i) for i in ids)))
    wide_index = len(properties) > 127
    entries = [(1, grid_assoc)] + list(zip(ids, tile_assoc))
    ipma_body = struct.pack(">I", len(entries))
    for item_id, assoc in entries:
        ipma_body += struct.pack(">HB", item_id, len(assoc))
        for essential, index in assoc:
            if wide_index:
                ipma_body += struct.pack(">H", (0x8000 if essential else 0) | index)
            else:
                ipma_body += bytes([(0x80 if essential else 0) | index])
    ipma = full_box(b"ipma", 0, 1 if wide_index else 0, ipma_body)
    iprp = box(b"iprp", box(b"ipco", b"".join(properties)) + ipma)

    def iloc(mdat_payload):
        body = bytes([0x44, 0x00]) + struct.pack(">H", n + 1)
        for item_id, chunk in [(1, 0)] + list(zip(ids, tile_chunk)):
            body += struct.pack(">HHHHII", item_id, 0, 0, 1, mdat_payload + chunk_offsets[chunk], len(chunks[chunk]))
        return full_box(b"iloc", 1, 0, body)

    ftyp = box(b"ftyp", b"heic" + struct.pack(">I", 0) + b"mif1heic")
    meta_len = len(full_box(b"meta", 0, 0, hdlr + pitm + iloc(0) + iinf + iref + iprp))
    mdat_payload = len(ftyp) + meta_len + 8
    meta = full_box(b"meta", 0, 0, hdlr + pitm + iloc(mdat_payload) + iinf + iref + iprp)
    mdat = box(b"mdat", b"".join(chunks))
    with open(out, "wb") as f:
        f.write(ftyp + meta + mdat)


if __name__ == "__main__":
    main(sys.argv)
