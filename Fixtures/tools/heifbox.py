#!/usr/bin/env python3
"""heifbox: small ISOBMFF/HEIF box tool for photoaudit fixtures (stdlib only).

  heifbox.py dump FILE
      prints the box tree, ipco properties (irot/imir/clap values), ipma and iloc.
  heifbox.py insert-clap IN OUT WN WD HN HD HON HOD VON VOD
      appends a 'clap' property to ipco, associates it (essential) with the primary
      item just before its first irot/imir (else last): MIAF order clap, irot, imir; fixes the
      sizes of ipco/ipma/iprp/meta and shifts every file-offset iloc extent by the
      number of bytes inserted (mdat moves).
  heifbox.py fix-libheif115 IN OUT W H
      repairs two things libheif 1.15.1 gets wrong when heif_encoding_options.image_orientation
      is set, so the fixture looks like camera files: (1) the primary item's 'ispe' holds the
      DISPLAYED size (after irot) instead of the coded size: it is set to W x H (the size of
      the pixels we encoded); (2) ipma lists irot/imir BEFORE ispe, and libheif 1.15's own
      reader applies the irot width/height swap in ipma order, so it only gets the displayed
      size right with its own wrong ispe: every item's associations are reordered to
      descriptive properties first, then clap, irot, imir (MIAF order). Same sizes, in place.
  heifbox.py append-free IN OUT PAYLOAD
      appends a top-level 'free' box holding PAYLOAD's bytes at the end of the file
      (no offset changes).
  heifbox.py mdat-extra IN OUT PAYLOAD
      appends PAYLOAD's bytes at the end of the last top-level 'mdat' box (which must be
      the last box) and grows its size; no iloc extent references them.
"""
import struct
import sys

CONTAINERS = {b"meta": 4, b"iprp": 0, b"ipco": 0, b"dinf": 0, b"moov": 0, b"trak": 0}


def boxes(data, start, end):
    """Yields (type, box_start, header_len, box_end) for the boxes in data[start:end]."""
    pos = start
    while pos + 8 <= end:
        size, typ = struct.unpack(">I4s", data[pos:pos + 8])
        hdr = 8
        if size == 1:
            size = struct.unpack(">Q", data[pos + 8:pos + 16])[0]
            hdr = 16
        elif size == 0:
            size = end - pos
        if size < hdr or pos + size > end:
            raise ValueError("bad box %r at %d" % (typ, pos))
        yield typ, pos, hdr, pos + size
        pos += size


def child(data, parent, typ):
    """Returns the first child box of type typ of the box tuple parent."""
    ptyp, pstart, phdr, pend = parent
    skip = CONTAINERS.get(ptyp, 0)
    for b in boxes(data, pstart + phdr + skip, pend):
        if b[0] == typ:
            return b
    raise KeyError(typ)


def top(data, typ):
    for b in boxes(data, 0, len(data)):
        if b[0] == typ:
            return b
    raise KeyError(typ)


def read_uint(data, pos, n):
    return int.from_bytes(data[pos:pos + n], "big") if n else 0


def parse_iloc(data, iloc):
    """Returns the iloc items: dicts with id, method, base (pos, size, value), extents
    [((off_pos, off_size, off), (len_pos, len_size, length))]."""
    _, start, hdr, _ = iloc
    p = start + hdr
    version = data[p]
    p += 4
    b0, b1 = data[p], data[p + 1]
    p += 2
    off_size, len_size, base_size = b0 >> 4, b0 & 15, b1 >> 4
    idx_size = b1 & 15 if version in (1, 2) else 0
    if version < 2:
        count = read_uint(data, p, 2); p += 2
    else:
        count = read_uint(data, p, 4); p += 4
    items = []
    for _ in range(count):
        if version < 2:
            item_id = read_uint(data, p, 2); p += 2
        else:
            item_id = read_uint(data, p, 4); p += 4
        method = 0
        if version in (1, 2):
            method = read_uint(data, p, 2) & 15; p += 2
        p += 2  # data_reference_index
        base = (p, base_size, read_uint(data, p, base_size)); p += base_size
        n = read_uint(data, p, 2); p += 2
        extents = []
        for _ in range(n):
            p += idx_size
            off = (p, off_size, read_uint(data, p, off_size)); p += off_size
            ln = (p, len_size, read_uint(data, p, len_size)); p += len_size
            extents.append((off, ln))
        items.append({"id": item_id, "method": method, "base": base, "extents": extents})
    return items


def parse_ipma(data, ipma):
    """Returns (version, flags, [(item_id, [(essential, index)])])."""
    _, start, hdr, _ = ipma
    p = start + hdr
    version, flags = data[p], read_uint(data, p + 1, 3)
    p += 4
    count = read_uint(data, p, 4); p += 4
    out = []
    for _ in range(count):
        if version < 1:
            item_id = read_uint(data, p, 2); p += 2
        else:
            item_id = read_uint(data, p, 4); p += 4
        n = data[p]; p += 1
        assoc = []
        for _ in range(n):
            if flags & 1:
                v = read_uint(data, p, 2); p += 2
                assoc.append((bool(v & 0x8000), v & 0x7FFF))
            else:
                v = data[p]; p += 1
                assoc.append((bool(v & 0x80), v & 0x7F))
        out.append((item_id, assoc))
    return version, flags, out


def build_ipma(version, flags, entries):
    body = bytes([version]) + flags.to_bytes(3, "big") + struct.pack(">I", len(entries))
    for item_id, assoc in entries:
        body += item_id.to_bytes(2 if version < 1 else 4, "big") + bytes([len(assoc)])
        for essential, index in assoc:
            if flags & 1:
                body += ((0x8000 if essential else 0) | index).to_bytes(2, "big")
            else:
                body += bytes([(0x80 if essential else 0) | index])
    return struct.pack(">I4s", 8 + len(body), b"ipma") + body


def describe_prop(data, typ, start, hdr, end):
    body = data[start + hdr:end]
    if typ == b"irot":
        return "angle=%d (%d deg CCW)" % (body[0] & 3, (body[0] & 3) * 90)
    if typ == b"imir":
        return "axis=%d" % (body[0] & 1)
    if typ == b"clap":
        v = struct.unpack(">IIIIiIiI", body[:32])
        return "width=%d/%d height=%d/%d horizOff=%d/%d vertOff=%d/%d" % v
    if typ == b"ispe":
        return "%dx%d" % struct.unpack(">II", body[4:12])
    return "%d bytes" % (end - start)


def dump(path):
    data = open(path, "rb").read()

    def walk(start, end, depth):
        for typ, s, h, e in boxes(data, start, end):
            print("%s%s @%d size=%d" % ("  " * depth, typ.decode("latin1"), s, e - s))
            if typ in CONTAINERS:
                walk(s + h + CONTAINERS[typ], e, depth + 1)
    walk(0, len(data), 0)
    meta = top(data, b"meta")
    pitm = child(data, meta, b"pitm")
    print("primary item:", read_uint(data, pitm[1] + pitm[2] + 4, 2))
    ipco = child(data, child(data, meta, b"iprp"), b"ipco")
    for i, (typ, s, h, e) in enumerate(boxes(data, ipco[1] + ipco[2], ipco[3]), 1):
        print("ipco[%d] %s %s" % (i, typ.decode("latin1"), describe_prop(data, typ, s, h, e)))
    _, _, entries = parse_ipma(data, child(data, child(data, meta, b"iprp"), b"ipma"))
    for item_id, assoc in entries:
        print("ipma item %d: %s" % (item_id, " ".join(("%d%s" % (i, "!" if ess else "")) for ess, i in assoc)))
    for it in parse_iloc(data, child(data, meta, b"iloc")):
        print("iloc item %d method %d base %d extents %s" % (
            it["id"], it["method"], it["base"][2],
            " ".join("%d+%d" % (o[2], l[2]) for o, l in it["extents"])))


def insert_clap(src, dst, nums):
    data = bytearray(open(src, "rb").read())
    meta = top(data, b"meta")
    iprp = child(data, meta, b"iprp")
    ipco = child(data, iprp, b"ipco")
    ipma = child(data, iprp, b"ipma")
    pitm = child(data, meta, b"pitm")
    primary = read_uint(data, pitm[1] + pitm[2] + 4, 2)
    for b in (meta, iprp, ipco, ipma):
        if b[2] != 8:
            raise SystemExit("64-bit box sizes not handled")
    if not (ipco[1] < ipma[1]):
        raise SystemExit("expects ipco before ipma")
    count = sum(1 for _ in boxes(data, ipco[1] + 8, ipco[3]))
    clap = struct.pack(">I4sIIIIiIiI", 40, b"clap", *nums)
    version, flags, entries = parse_ipma(data, ipma)
    new_index = count + 1
    if not flags & 1 and new_index > 127:
        raise SystemExit("too many properties")
    def with_clap(assoc):
        kinds = [props[i - 1][0] if 0 < i <= len(props) else None for _, i in assoc]
        at = next((k for k, t in enumerate(kinds) if t in (b"irot", b"imir")), len(assoc))
        return assoc[:at] + [(True, new_index)] + assoc[at:]
    props = list(boxes(data, ipco[1] + 8, ipco[3]))
    entries = [(i, with_clap(a) if i == primary else a) for i, a in entries]
    new_ipma = build_ipma(version, flags, entries)
    delta = len(clap) + len(new_ipma) - (ipma[3] - ipma[1])
    # The iloc offsets of extents after meta move by delta.
    iloc = child(data, meta, b"iloc")
    items = parse_iloc(data, iloc)
    meta_end = meta[3]
    for it in items:
        if it["method"] != 0:
            continue
        pos, size, val = it["base"]
        if size:
            if val >= meta_end:
                data[pos:pos + size] = (val + delta).to_bytes(size, "big")
            continue
        for (opos, osize, off), _ in it["extents"]:
            if off >= meta_end:
                data[opos:opos + osize] = (off + delta).to_bytes(osize, "big")
            elif off >= meta[1]:
                raise SystemExit("extent inside meta")
    out = (data[:ipco[3]] + clap + data[ipco[3]:ipma[1]] + new_ipma + data[ipma[3]:])
    # Grow the enclosing sizes (meta, iprp, ipco; ipma was rebuilt).
    for b, d in ((meta, delta), (iprp, delta), (ipco, len(clap))):
        struct.pack_into(">I", out, b[1], (b[3] - b[1]) + d)
    open(dst, "wb").write(out)


TRANSFORMS = (b"clap", b"irot", b"imir")


def fix_libheif115(src, dst, width, height):
    data = bytearray(open(src, "rb").read())
    meta = top(data, b"meta")
    iprp = child(data, meta, b"iprp")
    ipco = child(data, iprp, b"ipco")
    ipma = child(data, iprp, b"ipma")
    pitm = child(data, meta, b"pitm")
    primary = read_uint(data, pitm[1] + pitm[2] + 4, 2)
    props = list(boxes(data, ipco[1] + ipco[2], ipco[3]))
    version, flags, entries = parse_ipma(data, ipma)
    kind = lambda i: props[i - 1][0] if 0 < i <= len(props) else None
    fixed = []
    for item_id, assoc in entries:
        if item_id == primary:
            for _, i in assoc:
                if kind(i) == b"ispe":
                    p = props[i - 1][1] + props[i - 1][2] + 4
                    struct.pack_into(">II", data, p, width, height)
        descriptive = [a for a in assoc if kind(a[1]) not in TRANSFORMS]
        transforms = sorted((a for a in assoc if kind(a[1]) in TRANSFORMS),
                            key=lambda a: TRANSFORMS.index(kind(a[1])))
        fixed.append((item_id, descriptive + transforms))
    new_ipma = build_ipma(version, flags, fixed)
    assert len(new_ipma) == ipma[3] - ipma[1]
    data[ipma[1]:ipma[3]] = new_ipma
    open(dst, "wb").write(bytes(data))


def append_free(src, dst, payload_path):
    data = open(src, "rb").read()
    payload = open(payload_path, "rb").read()
    open(dst, "wb").write(data + struct.pack(">I4s", 8 + len(payload), b"free") + payload)


def mdat_extra(src, dst, payload_path):
    data = bytearray(open(src, "rb").read())
    payload = open(payload_path, "rb").read()
    last = list(boxes(data, 0, len(data)))[-1]
    if last[0] != b"mdat" or last[2] != 8:
        raise SystemExit("the last box is not a 32-bit mdat")
    struct.pack_into(">I", data, last[1], last[3] - last[1] + len(payload))
    open(dst, "wb").write(bytes(data) + payload)


def main(argv):
    if len(argv) == 3 and argv[1] == "dump":
        dump(argv[2])
    elif len(argv) == 12 and argv[1] == "insert-clap":
        insert_clap(argv[2], argv[3], [int(x) for x in argv[4:12]])
    elif len(argv) == 6 and argv[1] == "fix-libheif115":
        fix_libheif115(argv[2], argv[3], int(argv[4]), int(argv[5]))
    elif len(argv) == 5 and argv[1] == "append-free":
        append_free(argv[2], argv[3], argv[4])
    elif len(argv) == 5 and argv[1] == "mdat-extra":
        mdat_extra(argv[2], argv[3], argv[4])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
