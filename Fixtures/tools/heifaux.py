#!/usr/bin/env python3
"""heifaux: turns a HEIF thumbnail into an auxiliary image, for photoaudit fixtures (stdlib only).

  heifaux.py thumb-to-aux IN OUT URN
      IN is what tools/heicenc.c writes with -t SIZE -x PACKET: a primary item, a thumbnail
      ('thmb' reference to the primary) and an XMP item ('cdsc' to the primary). The thumbnail
      becomes an auxiliary image of the primary: its 'thmb' reference is renamed 'auxl', an
      'auxC' property holding URN (e.g. urn:com:apple:photo:2020:aux:hdrgainmap, what iPhones
      write for the HDR gain map) is appended to ipco and associated with it, and the XMP item's
      'cdsc' points at it instead of the primary, as in an iPhone HEIC where the gain map's own
      XMP holds HDRGainMap:HDRGainMapVersion. Box sizes are fixed and every iloc extent after
      'meta' is shifted by the bytes inserted.
  heifaux.py iref FILE
      prints the item references (type from -> to...).
"""
import struct
import sys

sys.path.insert(0, __import__("os").path.dirname(__file__))
from heifbox import boxes, build_ipma, child, parse_iloc, parse_ipma, read_uint, top  # noqa: E402


def references(data, iref):
    """Yields (type, type_pos, from_id, [(to_pos, to_id)]) of a version-0 iref."""
    _, start, hdr, end = iref
    if data[start + hdr] != 0:
        raise SystemExit("iref version 1 not handled")
    for typ, s, h, e in boxes(data, start + hdr + 4, end):
        p = s + h
        from_id = read_uint(data, p, 2)
        count = read_uint(data, p + 2, 2)
        tos = [(p + 4 + 2 * k, read_uint(data, p + 4 + 2 * k, 2)) for k in range(count)]
        yield typ, s + 4, from_id, tos


def thumb_to_aux(src, dst, urn):
    data = bytearray(open(src, "rb").read())
    meta = top(data, b"meta")
    primary = read_uint(data, child(data, meta, b"pitm")[1] + 12, 2)
    iref = child(data, meta, b"iref")
    refs = list(references(data, iref))
    thumbs = [r for r in refs if r[0] == b"thmb" and [t for _, t in r[3]] == [primary]]
    xmps = [r for r in refs if r[0] == b"cdsc" and [t for _, t in r[3]] == [primary]]
    if len(thumbs) != 1 or len(xmps) != 1:
        raise SystemExit("expects one thumbnail and one metadata item of the primary")
    aux = thumbs[0][2]
    data[thumbs[0][1]:thumbs[0][1] + 4] = b"auxl"
    struct.pack_into(">H", data, xmps[0][3][0][0], aux)

    iprp = child(data, meta, b"iprp")
    ipco = child(data, iprp, b"ipco")
    ipma = child(data, iprp, b"ipma")
    for b in (meta, iprp, ipco, ipma):
        if b[2] != 8:
            raise SystemExit("64-bit box sizes not handled")
    if not (ipco[1] < ipma[1] < meta[3]):
        raise SystemExit("expects ipco before ipma inside meta")
    body = b"\0\0\0\0" + urn.encode("ascii") + b"\0"  # FullBox header, aux_type, no subtype
    auxc = struct.pack(">I4s", 8 + len(body), b"auxC") + body
    new_index = sum(1 for _ in boxes(data, ipco[1] + 8, ipco[3])) + 1
    version, flags, entries = parse_ipma(data, ipma)
    if not flags & 1 and new_index > 127:
        raise SystemExit("too many properties")
    entries = [(i, a + [(True, new_index)] if i == aux else a) for i, a in entries]
    new_ipma = build_ipma(version, flags, entries)
    delta = len(auxc) + len(new_ipma) - (ipma[3] - ipma[1])
    for it in parse_iloc(data, child(data, meta, b"iloc")):
        if it["method"] != 0:
            continue
        pos, size, val = it["base"]
        if size:
            if val >= meta[3]:
                data[pos:pos + size] = (val + delta).to_bytes(size, "big")
            continue
        for (opos, osize, off), _ in it["extents"]:
            if off >= meta[3]:
                data[opos:opos + osize] = (off + delta).to_bytes(osize, "big")
            elif off >= meta[1]:
                raise SystemExit("extent inside meta")
    out = data[:ipco[3]] + auxc + data[ipco[3]:ipma[1]] + new_ipma + data[ipma[3]:]
    for b, d in ((meta, delta), (iprp, delta), (ipco, len(auxc))):
        struct.pack_into(">I", out, b[1], (b[3] - b[1]) + d)
    open(dst, "wb").write(out)


def main(argv):
    if len(argv) == 5 and argv[1] == "thumb-to-aux":
        thumb_to_aux(argv[2], argv[3], argv[4])
    elif len(argv) == 3 and argv[1] == "iref":
        data = open(argv[2], "rb").read()
        for typ, _, from_id, tos in references(data, child(data, top(data, b"meta"), b"iref")):
            print("%s %d -> %s" % (typ.decode("latin1"), from_id, " ".join(str(t) for _, t in tos)))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
