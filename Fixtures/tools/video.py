#!/usr/bin/env python3
"""video: builds the Motion Photo and Live Photo stills of Fixtures/gen/video.sh (stdlib only).

  video.py motionphoto OUT STILL VIDEO [--length N] [--padding P] [--no-video]
      STILL (a JPEG) with an APP1 XMP packet right after its APP0/SOI declaring a Google
      Motion Photo (GCamera:MotionPhoto 1, Container:Directory: Primary image/jpeg, then
      MotionPhoto video/mp4 with Item:Length N, default the size of VIDEO), then VIDEO
      appended after the still's EOI. --padding P: P zero bytes between EOI and VIDEO, and
      Item:Padding P on the primary. --no-video: the XMP only (the video was removed).
  video.py microvideo OUT STILL VIDEO
      the older form: GCamera:MicroVideo 1, MicroVideoVersion 1, MicroVideoOffset = size of
      VIDEO (its distance from the end of the file), VIDEO appended.
  video.py mpvd OUT HEIF VIDEO
      HEIF with a top-level 'mpvd' box holding VIDEO appended (a HEIF Motion Photo's video box).
  video.py apple-still OUT STILL CONTENT_ID
      STILL (a JPEG) with an APP1 EXIF block inserted after SOI: IFD0 Make 'Apple', Model
      'iPhone 15 Pro', an Exif IFD whose MakerNote is an Apple one ("Apple iOS\\0", version 1,
      "MM", an IFD with tag 0x0001 MakerNoteVersion = 14 and tag 0x0011 = CONTENT_ID, the Live
      Photo content identifier). [ExifTool Apple.pm; EXIF 2.32]
"""
import struct
import sys


def be16(v):
    return struct.pack(">H", v)


def be32(v):
    return struct.pack(">I", v)


def segment(marker, payload):
    assert len(payload) + 2 <= 0xFFFF
    return bytes([0xFF, marker]) + be16(len(payload) + 2) + payload


def insert_after_app0(jpeg, seg):
    """The JPEG with SEG after SOI and, when present, the APP0 that follows it."""
    assert jpeg[:2] == b"\xff\xd8"
    at = 2
    if jpeg[2:4] == b"\xff\xe0":
        at = 4 + struct.unpack(">H", jpeg[4:6])[0]
    return jpeg[:at] + seg + jpeg[at:]


def xmp_app1(properties, directory=""):
    xmp = ('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
           '<rdf:Description rdf:about="" xmlns:GCamera="http://ns.google.com/photos/1.0/camera/"'
           ' xmlns:Container="http://ns.google.com/photos/1.0/container/"'
           ' xmlns:Item="http://ns.google.com/photos/1.0/container/item/" ' + properties + '>'
           + directory + '</rdf:Description></rdf:RDF></x:xmpmeta>')
    return segment(0xE1, b"http://ns.adobe.com/xap/1.0/\x00" + xmp.encode())


def directory(items):
    lis = "".join('<rdf:li rdf:parseType="Resource"><Container:Item %s/></rdf:li>' %
                  " ".join('Item:%s="%s"' % kv for kv in item) for item in items)
    return "<Container:Directory><rdf:Seq>%s</rdf:Seq></Container:Directory>" % lis


def motionphoto(out, still_path, video_path, args):
    still = open(still_path, "rb").read()
    video = open(video_path, "rb").read()
    length = len(video)
    padding = 0
    with_video = True
    i = 0
    while i < len(args):
        if args[i] == "--length":
            length = int(args[i + 1]); i += 2
        elif args[i] == "--padding":
            padding = int(args[i + 1]); i += 2
        elif args[i] == "--no-video":
            with_video = False; i += 1
        else:
            sys.exit("unknown option " + args[i])
    items = [[("Mime", "image/jpeg"), ("Semantic", "Primary"), ("Length", "0"), ("Padding", str(padding))],
             [("Mime", "video/mp4"), ("Semantic", "MotionPhoto"), ("Length", str(length)), ("Padding", "0")]]
    app1 = xmp_app1('GCamera:MotionPhoto="1" GCamera:MotionPhotoVersion="1" GCamera:MotionPhotoPresentationTimestampUs="0"',
                    directory(items))
    data = insert_after_app0(still, app1)
    if with_video:
        data += b"\x00" * padding + video
    open(out, "wb").write(data)


def microvideo(out, still_path, video_path):
    still = open(still_path, "rb").read()
    video = open(video_path, "rb").read()
    app1 = xmp_app1('GCamera:MicroVideo="1" GCamera:MicroVideoVersion="1" GCamera:MicroVideoOffset="%d"'
                    ' GCamera:MicroVideoPresentationTimestampUs="-1"' % len(video))
    open(out, "wb").write(insert_after_app0(still, app1) + video)


def mpvd(out, heif_path, video_path):
    heif = open(heif_path, "rb").read()
    video = open(video_path, "rb").read()
    open(out, "wb").write(heif + be32(8 + len(video)) + b"mpvd" + video)


def ifd(entries, offset, data_area_at):
    """A big-endian IFD at OFFSET (from the TIFF header) with ENTRIES (tag, type, count, bytes);
    values over 4 bytes go to the data area at DATA_AREA_AT. Returns (ifd bytes, data bytes)."""
    body = be16(len(entries))
    data = b""
    for tag, typ, count, value in sorted(entries):
        if len(value) <= 4:
            body += be16(tag) + be16(typ) + be32(count) + value.ljust(4, b"\x00")
        else:
            body += be16(tag) + be16(typ) + be32(count) + be32(data_area_at + len(data))
            data += value + (b"\x00" if len(value) % 2 else b"")
    return body + be32(0), data


def apple_makernote(content_id):
    """Apple MakerNote: header, then an IFD whose value offsets count from the MakerNote's start."""
    header = b"Apple iOS\x00" + be16(1) + b"MM"
    entries = [(0x0001, 9, 1, be32(14)), (0x0011, 2, len(content_id) + 1, content_id.encode() + b"\x00")]
    ifd_size = 2 + 12 * len(entries) + 4
    body, data = ifd(entries, len(header), len(header) + ifd_size)
    return header + body + data


def apple_still(out, still_path, content_id):
    still = open(still_path, "rb").read()
    note = apple_makernote(content_id)
    make, model = b"Apple\x00", b"iPhone 15 Pro\x00"
    # IFD0 at 8: Make, Model, ExifIFD pointer. Exif IFD after IFD0's data: MakerNote.
    ifd0_entries = [(0x010F, 2, len(make), make), (0x0110, 2, len(model), model), (0x8769, 4, 1, be32(0))]
    ifd0_size = 2 + 12 * len(ifd0_entries) + 4
    _, ifd0_data = ifd(ifd0_entries, 8, 8 + ifd0_size)
    exif_at = 8 + ifd0_size + len(ifd0_data)
    ifd0_entries[2] = (0x8769, 4, 1, be32(exif_at))
    ifd0, ifd0_data = ifd(ifd0_entries, 8, 8 + ifd0_size)
    exif_entries = [(0x927C, 7, len(note), note)]
    exif_size = 2 + 12 * len(exif_entries) + 4
    exif_ifd, exif_data = ifd(exif_entries, exif_at, exif_at + exif_size)
    tiff = b"MM\x00\x2a" + be32(8) + ifd0 + ifd0_data + exif_ifd + exif_data
    open(out, "wb").write(still[:2] + segment(0xE1, b"Exif\x00\x00" + tiff) + still[2:])


def main(argv):
    if len(argv) >= 5 and argv[1] == "motionphoto":
        motionphoto(argv[2], argv[3], argv[4], argv[5:])
    elif len(argv) == 5 and argv[1] == "microvideo":
        microvideo(argv[2], argv[3], argv[4])
    elif len(argv) == 5 and argv[1] == "mpvd":
        mpvd(argv[2], argv[3], argv[4])
    elif len(argv) == 5 and argv[1] == "apple-still":
        apple_still(argv[2], argv[3], argv[4])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
