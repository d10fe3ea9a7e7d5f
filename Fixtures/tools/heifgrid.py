#!/usr/bin/env python3
"""heifgrid: a HEIF whose primary image is a ROWS x COLS grid of one repeated tile (stdlib only).

  heifgrid.py TILE.heic ROWS COLS OUT.heic
      TILE.heic must hold one coded image item (hvcC + ispe, one iloc extent), such as
      heif-enc makes. OUT gets a 'grid' primary item whose ROWS*COLS hidden 'hvc1' tiles all
      point at the same coded bytes: a 100 x 100 grid of a 144x96 tile is a 138 MP picture in a
      ~400 KB file that takes libheif 10,000 tile decodes (a decode-time bomb for the time and
      memory budget tests). Items are numbered 1 (grid) and 2.. (tiles); 16-bit fields throughout,
      so ROWS*COLS must stay below 65535 and ROWS, COLS at most 256.
"""
import struct
import sys


def box(typ, payload):
    return struct.pack(">I4s", 8 + len(payload), typ) + payload


def full_box(typ, version, flags, payload):
    return box(typ, struct.pack(">I", (version << 24) | flags) + payload)


def children(data, start, end):
    pos = start
    while pos + 8 <= end:
        size, typ = struct.unpack(">I4s", data[pos:pos + 8])
        yield typ, pos, pos + size
        pos += size


def find(data, path):
    """(start, end) of the box at path (a list of types) from the top level."""
    start, end = 0, len(data)
    for depth, typ in enumerate(path):
        for t, s, e in children(data, start, end):
            if t == typ:
                header = 12 if t == b"meta" else 8
                start, end = s + header, e
                break
        else:
            raise SystemExit("no %s box" % b"/".join(path[:depth + 1]).decode())
    return start, end


def tile_parts(data):
    """The tile's hvcC box, its width and height, and its coded bytes."""
    ipco = find(data, [b"meta", b"iprp", b"ipco"])
    hvcc, size = None, None
    for t, s, e in children(data, *ipco):
        if t == b"hvcC":
            hvcc = data[s:e]
        elif t == b"ispe":
            size = struct.unpack(">II", data[s + 12:s + 20])
    start, end = find(data, [b"meta", b"iloc"])
    version = data[start]
    start += 4  # version and flags
    sizes = data[start], data[start + 1]
    offset_size, length_size, base_size = sizes[0] >> 4, sizes[0] & 15, sizes[1] >> 4
    pos = start + 2
    count = struct.unpack(">H", data[pos:pos + 2])[0]
    pos += 2
    if count != 1 or version not in (0, 1):
        raise SystemExit("the tile file must hold one item")
    pos += 2 + (2 if version == 1 else 0) + 2  # item_ID, construction_method, data_reference_index

    def read(n, at):
        return int.from_bytes(data[at:at + n], "big") if n else 0

    base = read(base_size, pos)
    pos += base_size
    pos += 2  # extent_count (1)
    offset = read(offset_size, pos)
    length = read(length_size, pos + offset_size)
    return hvcc, size, data[base + offset:base + offset + length]


def grid(tile_path, rows, cols, out_path):
    hvcc, (tw, th), coded = tile_parts(open(tile_path, "rb").read())
    tiles = rows * cols
    ids = range(2, 2 + tiles)
    ftyp = box(b"ftyp", b"heic" + struct.pack(">I", 0) + b"mif1heic")
    hdlr = full_box(b"hdlr", 0, 0, struct.pack(">I", 0) + b"pict" + b"\0" * 12 + b"\0")
    pitm = full_box(b"pitm", 0, 0, struct.pack(">H", 1))
    infe = [full_box(b"infe", 2, 0, struct.pack(">HH", 1, 0) + b"grid\0")]
    infe += [full_box(b"infe", 2, 1, struct.pack(">HH", i, 0) + b"hvc1\0") for i in ids]
    iinf = full_box(b"iinf", 0, 0, struct.pack(">H", len(infe)) + b"".join(infe))
    iref = full_box(b"iref", 0, 0, box(b"dimg", struct.pack(">HH", 1, tiles) + b"".join(struct.pack(">H", i) for i in ids)))
    ispe_tile = full_box(b"ispe", 0, 0, struct.pack(">II", tw, th))
    ispe_grid = full_box(b"ispe", 0, 0, struct.pack(">II", tw * cols, th * rows))
    ipco = box(b"ipco", hvcc + ispe_tile + ispe_grid)
    entries = struct.pack(">HB", 1, 1) + bytes([3])
    entries += b"".join(struct.pack(">HB", i, 2) + bytes([0x81, 2]) for i in ids)
    ipma = full_box(b"ipma", 0, 0, struct.pack(">I", 1 + tiles) + entries)
    iprp = box(b"iprp", ipco + ipma)
    grid_data = struct.pack(">BBBBHH", 0, 0, rows - 1, cols - 1, tw * cols, th * rows)

    def iloc(mdat_payload):
        items = [(1, mdat_payload, len(grid_data))] + [(i, mdat_payload + len(grid_data), len(coded)) for i in ids]
        body = bytes([0x44, 0x00]) + struct.pack(">H", len(items))
        body += b"".join(struct.pack(">HHHII", i, 0, 1, off, n) for i, off, n in items)
        return full_box(b"iloc", 0, 0, body)

    def meta(mdat_payload):
        return full_box(b"meta", 0, 0, hdlr + pitm + iloc(mdat_payload) + iinf + iref + iprp)

    mdat_payload = len(ftyp) + len(meta(0)) + 8  # offsets have a fixed size: one pass
    with open(out_path, "wb") as out:
        out.write(ftyp + meta(mdat_payload) + box(b"mdat", grid_data + coded))


if __name__ == "__main__":
    if len(sys.argv) != 5:
        raise SystemExit(__doc__)
    rows, cols = int(sys.argv[2]), int(sys.argv[3])
    if not (1 <= rows <= 256 and 1 <= cols <= 256 and rows * cols < 65534):
        raise SystemExit("ROWS and COLS 1..256, ROWS*COLS below 65534")
    grid(sys.argv[1], rows, cols, sys.argv[4])
