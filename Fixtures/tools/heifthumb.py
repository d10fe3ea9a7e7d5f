#!/usr/bin/env python3
"""heifthumb.py: edits a HEIF thumbnail item's own properties in place (stdlib only; the box
helpers come from heifbox.py).

  heifthumb.py orient IN OUT W H ANGLE
      for the one item IN's iref 'thmb' names a thumbnail of the primary: sets its 'ispe' to W x H
      (libheif 1.15 writes a thumbnail's ispe as its displayed size when image_orientation is set,
      as it does for the primary) and its 'irot' angle to ANGLE (0-3, x 90 degrees CCW). Both
      property boxes must be the thumbnail's alone (libheif writes one per item). Sizes and
      offsets are unchanged.
"""
import struct
import sys

from heifbox import boxes, child, parse_ipma, read_uint, top


def thumbnail_of(data, meta, primary):
    """The item that an iref 'thmb' reference makes a thumbnail of `primary`."""
    iref = child(data, meta, b"iref")
    version = data[iref[1] + iref[2]]
    width = 2 if version == 0 else 4
    for typ, start, hdr, end in boxes(data, iref[1] + iref[2] + 4, iref[3]):
        p = start + hdr
        source = read_uint(data, p, width); p += width
        count = read_uint(data, p, 2); p += 2
        targets = [read_uint(data, p + k * width, width) for k in range(count)]
        if typ == b"thmb" and primary in targets:
            return source
    raise SystemExit("no thumbnail of the primary item")


def orient(src, dst, width, height, angle):
    data = bytearray(open(src, "rb").read())
    meta = top(data, b"meta")
    iprp = child(data, meta, b"iprp")
    ipco = child(data, iprp, b"ipco")
    pitm = child(data, meta, b"pitm")
    primary = read_uint(data, pitm[1] + pitm[2] + 4, 2)
    thumb = thumbnail_of(data, meta, primary)
    props = list(boxes(data, ipco[1] + ipco[2], ipco[3]))
    _, _, entries = parse_ipma(data, child(data, iprp, b"ipma"))
    owners = {}
    for item_id, assoc in entries:
        for _, i in assoc:
            owners.setdefault(i, set()).add(item_id)
    done = set()
    for item_id, assoc in entries:
        if item_id != thumb:
            continue
        for _, i in assoc:
            typ, start, hdr, _ = props[i - 1]
            if typ not in (b"ispe", b"irot"):
                continue
            assert owners[i] == {thumb}, "the thumbnail's %r is shared" % typ
            if typ == b"ispe":
                struct.pack_into(">II", data, start + hdr + 4, width, height)
            else:
                data[start + hdr] = angle
            done.add(typ)
    assert done == {b"ispe", b"irot"}, "the thumbnail has no ispe or irot of its own: %r" % done
    open(dst, "wb").write(bytes(data))


def main(argv):
    if len(argv) != 7 or argv[1] != "orient":
        raise SystemExit(__doc__)
    orient(argv[2], argv[3], int(argv[4]), int(argv[5]), int(argv[6]))


if __name__ == "__main__":
    main(sys.argv)
