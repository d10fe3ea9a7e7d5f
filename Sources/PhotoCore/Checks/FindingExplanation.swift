/// What each finding means, why it matters, how to fix it, and an example: the one source of
/// `photoaudit explain PAxxx` and of docs/findings.md (generated from this table; a test keeps
/// the file current).
public struct FindingExplanation: Sendable {
  /// One line, as in the SPEC's findings table.
  public var summary: String
  /// What it means.
  public var meaning: String
  /// Why it matters.
  public var why: String
  /// How to fix it.
  public var fix: String
  /// A command that raises the finding on the bundled fixtures (run from the repository root),
  /// nil when the example is illustrative.
  public var exampleCommand: String?
  /// Lines of what photoaudit prints for it (a test checks them against `exampleCommand`).
  public var exampleOutput: [String]
}

extension FindingID {
  /// The explanation of this finding.
  public var explanation: FindingExplanation {
    switch self {
    case .gpsPresent: FindingExplanation(
      summary: "GPS coordinates in some carrier of an output",
      meaning: "A carrier of the file holds a latitude or a longitude: EXIF GPS IFD (the photo's position, or else its destination's: GPSDestLatitude), XMP exif:GPSLatitude, an MPF secondary image's or the embedded thumbnail's own EXIF, a HEIF item, a PNG eXIf or text chunk, a WebP EXIF or XMP chunk, a GIF XMP extension, a C2PA assertion (`c2pa/c2pa-assertion#N`), a sidecar read with the photo (`sidecar`: an XMP file `NAME.xmp` or `NAME.EXT.xmp`, a Google Takeout JSON whose `geoData` or `geoDataExif` is not 0.0/0.0; the evidence names the sidecar file), the GPS IFD of any IFD of a TIFF, DNG or raw (a later page's is `exif#2`…), a GeoTIFF georeference (carrier `geotiff`: the raster's tie point or transformation, in degrees when its CRS is geographic or UTM, else \"present, not converted\" — a georeferenced orthophoto or scan says where it was made), a FLIR thermal camera's FFF GPS record (`flir`; a position kept under GPSValid 0 is named so), any XMP property whose name says latitude or longitude in any namespace (drone-dji, drone-skydio…; the tag is named), and each Iptc4xmpExt:LocationShown point on its own; a coordinate present with digits that are not degrees is still reported, 0, 0 is reported as coordinates; in a video, the positions of a track of timed metadata, one finding per track with its first position and how many it holds (`track#N/gpmf` GoPro GPS5/GPS9/GPRI/GLPI/BPOS, `track#N/camm` Google camm types 5 and 6, `track#N/mebx` Apple's timed location key, `track#N/djmd` DJI protobuf, `track#N/text` coordinates in subtitles, `freegps` a dashcam's Novatek GPS blocks); coordinates written as text into any decoded field (a caption, comment, title or keyword: a decimal pair, degrees-minutes-seconds, an ISO 6709 string, or named `lat`/`lng` as in JSON; the tag is named); and what the fail-closed sweep finds in bytes no decoder reads, zlib streams inflated (`raw-bytes`, with the offset). The evidence names the carrier (and the tag or byte offset where it is not the photo's own GPS tags) and shows each value — coordinates, altitude, the time of the fix — as `‹redacted #fingerprint›`; `--reveal` shows the values (docs/redaction.md). GPS tags without coordinates (only a version or an altitude) are reported at info.",
      why: "Coordinates locate the person who took the photo — their home, their school — to a few metres. Stripping tools often clean the primary EXIF and miss the others, and a viewer never shows them.",
      fix: "Strip every carrier, not only EXIF: re-encode from the decoded pixels and attach nothing but the ICC profile (`photoaudit sanitize` does this), or remove each carrier the evidence names (`exiftool -all= -tagsfromfile @ -icc_profile`, and check MPF images and thumbnails).",
      exampleCommand: "photoaudit verify Fixtures/defects/gps-in-xmp.jpg",
      exampleOutput: ["PA001 error   gps-present: xmp: latitude/longitude ‹redacted #9b09e51f9e9c›, altitude ‹redacted #d070cce2cf58›"])
    case .gpsClaimFalse: FindingExplanation(
      summary: "the descriptor says `gps_removed: true` but GPS is present",
      meaning: "The JSON descriptor sent with the output claims the location was removed, and some carrier of the file still holds coordinates (each one is also a PA001).",
      why: "The claim is what the receiving service trusts: it may publish the photo believing it clean. A false `gps_removed` is worse than none.",
      fix: "Compute `gps_removed` by re-reading the written file, every carrier included, never from what the pipeline meant to do; then strip the carrier named in the evidence. `photoaudit sanitize` writes descriptors that way.",
      exampleCommand: "photoaudit verify Fixtures/defects/gps-in-xmp.jpg",
      exampleOutput: ["PA002 error   gps-claim-false: descriptor says gps_removed: true, but coordinates are in xmp (latitude/longitude ‹redacted #9b09e51f9e9c›, altitude ‹redacted #d070cce2cf58›)"])
    case .orientationTag: FindingExplanation(
      summary: "the output still carries a non-identity Orientation / irot / imir",
      meaning: "The output keeps an orientation instruction: EXIF Orientation other than 1 (or an invalid value), a stale XMP tiff:Orientation, HEIF irot/imir properties, or a JPEG XL codestream orientation other than 1 (which governs display in JPEG XL; the EXIF Orientation of its Exif box does not). A normalized output has upright pixels and no instruction.",
      why: "Viewers that honour the tag rotate the picture again if the pixels were already rotated (double rotation); viewers that ignore it show the raw pixels. The same file looks different in different apps.",
      fix: "After rotating the pixels, set EXIF Orientation to 1 and remove or reset XMP tiff:Orientation too (rotating tools often leave it); for HEIF outputs, write no irot/imir; for JPEG XL outputs, encode upright pixels with orientation 1. Or do not rotate and keep the tag, consistently.",
      exampleCommand: "photoaudit verify Fixtures/defects/double-6.jpg",
      exampleOutput: ["PA003 error   orientation-tag: EXIF Orientation = 6 (rotate 90° CW)"])
    case .orientationPixels: FindingExplanation(
      summary: "output pixels are rotated or mirrored relative to the original as displayed",
      meaning: "Comparing small fingerprints of the decoded pixels under all eight orientations, the output (as a viewer displays it) is rotated or mirrored against the original as displayed. The evidence says how: double-rotated (pixels rotated and the tag kept), tag dropped without rotating, rotated the wrong way, or mirrored. When the pixels cannot tell (a uniform picture), it is info: inconclusive.",
      why: "The user sees their photo sideways or upside down. Only the pixels show it: the output's tags can look perfectly normal.",
      fix: "Apply the original's effective orientation (EXIF 1–8, or HEIF irot/imir — never the EXIF tag inside a HEIF) to the pixels exactly once, then reset the tag. The evidence's 'displays …' says which way the output is off.",
      exampleCommand: "photoaudit verify Fixtures/defects/dropped-6.jpg",
      exampleOutput: ["PA004 error   orientation-pixels: Orientation tag dropped without rotating the pixels: displays rotated 90° counter-clockwise (match 1.00, margin 0.45)"])
    case .thumbnailLeak: FindingExplanation(
      summary: "the embedded thumbnail shows other content (uncropped, unrotated) or carries GPS",
      meaning: "A preview of the image embedded in the output does not show what the output shows — it was made before the crop or the rotation — or its own EXIF holds GPS. Every preview is compared, each in its own finding named by its carrier path: the EXIF IFD1 thumbnail of each EXIF block (`thumbnail`, `thumbnail#2`; a JPEG, or uncompressed 8-bit RGB strips), a JFXX thumbnail (APP0 `JFXX`: a JPEG, or raw RGB or palette pixels), a JPEG preview a camera put inside the MakerNote or in the EXIF block's slack (Nikon PreviewIFD, Olympus, Panasonic, Pentax…: `preview`, `preview#2`; found as a whole JPEG from SOI to EOI, stray FF D8 FF bytes stay swept), the MPF Large Thumbnails (CIPA DC-007 types 0x010001 VGA and 0x010002 full HD: `mpf-image#N`) and the HEIF thumbnail items of the primary image (JPEG, HEVC or AV1; each shown through its own clap/irot/imir). Black bars around a preview (a 160×120 thumbnail of a 3:2 photo, a letterboxed full-HD preview) are trimmed before comparing. Other MPF images (disparity, multi-angle, type 0 as gain maps use) show other content by design and are not compared. Without pixels (`--no-pixels`) a preview whose shape or size does not fit the image is reported; an MPF Large Thumbnail only when it is larger than the image (cameras fit the photo into a fixed frame with bars, so its shape says nothing); a HEIF thumbnail item is judged through its own transformations. A preview that begins like a JPEG but does not decode, an uncompressed thumbnail in another layout (YCbCr, 16-bit, planar), or an MPF preview over 16 MiB, is not called fine: the check is incomplete (PA015 naming its path). C2PA claim and ingredient thumbnails are compared the same way (carrier `c2pa/claim-thumbnail`, `c2pa/ingredient-thumbnail`); with the original known, the evidence says whether the thumbnail shows it.",
      why: "A cropped-out face or a removed background survives in the thumbnail, and some viewers and file browsers show the thumbnail, not the image.",
      fix: "Drop every preview when stripping (the IFD1 thumbnail, JFXX segments, MakerNotes, MPF images), or regenerate them from the final pixels.",
      exampleCommand: "photoaudit verify Fixtures/defects/thumb-uncropped.jpg",
      exampleOutput: ["PA005 error   thumbnail-leak: the embedded thumbnail (48×32) shows other content than the image (match 0.01, aspect 1.50 vs 1.50): it may reveal the uncropped or unrotated original"])
    case .locationText: FindingExplanation(
      summary: "textual location (city, country, sub-location) left in XMP/IPTC",
      meaning: "A text field names a place: XMP photoshop:City/State/Country, Iptc4xmpExt:LocationCreated/LocationShown, IPTC-IIM City, Province-State, Country, Sub-location, a C2PA assertion naming a place without coordinates (`cai.location.broad`, a schema.org contentLocation). The evidence names the tag; the place is `‹redacted #fingerprint›` unless `--reveal`.",
      why: "A city and a sub-location narrow down where someone lives or was, even with the coordinates gone.",
      fix: "Remove the XMP and IPTC (Photoshop APP13) blocks, or at least their location fields.",
      exampleCommand: "photoaudit verify Fixtures/defects/text-left.jpg",
      exampleOutput: ["PA006 warning location-text: XMP-photoshop:City = ‹redacted #5d0837c06bbf›", "PA006 warning location-text: IPTC:Sub-location = ‹redacted #99440d66d150›"])
    case .identifyingFields: FindingExplanation(
      summary: "serial numbers, owner/artist names, unique IDs, XMP history left",
      meaning: "Fields that identify a person or a device survive: Artist, Copyright, camera or lens serial numbers, owner names, ImageUniqueID, XMP document and instance IDs, edit history — and in MakerNotes (carrier `makernote`, read through libexif's MakerNote API for Canon, Olympus, Nikon, Pentax and Fujifilm, Apple's parsed by photoaudit) serial numbers, owner and face-recognition names, Apple's MediaGroupUUID (the content identifier that pairs a Live Photo) and burst IDs. The evidence names the tag; the value is `‹redacted #fingerprint›` unless `--reveal`.",
      why: "A serial number links every photo from one camera; a name identifies the owner; document IDs link the output to the original in other places.",
      fix: "Strip EXIF and XMP, or remove these fields; keep only what the service needs.",
      exampleCommand: "photoaudit verify Fixtures/defects/text-left.jpg",
      exampleOutput: ["PA007 warning identifying-fields: IFD0:Artist = ‹redacted #284dbe3e065f›", "PA007 warning identifying-fields: ExifIFD:SerialNumber = ‹redacted #41d2fc137c60›"])
    case .descriptorMismatch: FindingExplanation(
      summary: "width, height, format or size_bytes in the descriptor differ from the file",
      meaning: "A claim of the descriptor is not what the file is: width and height are compared with the displayed size (after orientation and crop), format with the file's real format (by content, not extension), size_bytes with the file size.",
      why: "Services lay out, bill and validate by these numbers; a wrong width/height often means the pipeline described the original, or the stored rather than displayed size.",
      fix: "Fill the descriptor from the written output (displayed width and height, its format and byte size), after writing it.",
      exampleCommand: "photoaudit verify Fixtures/defects/size-lie.jpg",
      exampleOutput: ["PA008 error   descriptor-mismatch: descriptor says size_bytes 245760, the file has 1538 bytes"])
    case .cropMismatch: FindingExplanation(
      summary: "output content does not match the claimed crop of the original",
      meaning: "The descriptor's crop (x, y, width, height in the original's displayed pixels) does not show what the output shows; the evidence says where the output's content really is. Without a claimed crop, an output that shows only part of the original is reported at info.",
      why: "A crop applied to the wrong region (often: in stored rather than displayed coordinates of a rotated photo) shows what the user cut away.",
      fix: "Apply the crop in displayed (upright) coordinates, after orienting the pixels.",
      exampleCommand: "photoaudit verify Fixtures/defects/crop-wrong.jpg",
      exampleOutput: ["PA009 error   crop-mismatch: claimed crop 96×64 at (56,16) matches at 0.05; the content matches 96×64 at (56,48) of the original (1.00)"])
    case .secondaryImageMetadata: FindingExplanation(
      summary: "MPF or HEIF secondary images carry metadata",
      meaning: "An image inside the file other than the primary — an MPF secondary image (iPhone depth or gain map, a large preview), a HEIF auxiliary or thumbnail item — has its own EXIF, XMP or IPTC. Metadata with no privacy field (Apple's HDR gain-map XMP with only a version) is info.",
      why: "Stripping tools clean the primary image's EXIF and leave the secondary image's, which can hold the full camera EXIF with GPS.",
      fix: "Drop secondary images (re-encoding from the primary's pixels does), or strip their metadata too.",
      exampleCommand: "photoaudit verify Fixtures/defects/gps-in-mpf.jpg",
      exampleOutput: ["PA010 error   secondary-image-metadata: mpf-image#2 (Undefined) at byte 1646 carries exif"])
    case .iccDropped: FindingExplanation(
      summary: "the original had an ICC profile (e.g. Display P3), the output has none",
      meaning: "The original's colours were defined by an embedded ICC profile and the output carries none, so viewers assume sRGB.",
      why: "Display P3 photos (every recent iPhone) look dull and shifted without their profile. The profile is not private.",
      fix: "Keep the ICC profile when stripping (`exiftool -all= -tagsfromfile @ -icc_profile`; `photoaudit sanitize` keeps it unless --no-icc), or convert the pixels to sRGB.",
      exampleCommand: "photoaudit verify Fixtures/defects/icc-dropped.jpg",
      exampleOutput: ["PA011 warning icc-dropped: the original has an ICC profile 'Display P3' and the output has none: colours will shift"])
    case .claimUnderstated: FindingExplanation(
      summary: "the descriptor says `gps_removed: false` but no GPS is present",
      meaning: "The descriptor claims the location is still there, and no carrier holds coordinates.",
      why: "Harmless for privacy, but it means `gps_removed` is not computed from the file, so the day stripping fails it will not say so either.",
      fix: "Compute `gps_removed` by re-reading the written output.",
      exampleCommand: "photoaudit verify Fixtures/defects/claim-understated.jpg",
      exampleOutput: ["PA012 info    claim-understated: descriptor says gps_removed: false, but no carrier holds coordinates"])
    case .unreadable: FindingExplanation(
      summary: "file missing, truncated, malformed or unsupported (with the reason)",
      meaning: "The output, its descriptor or its original could not be read: it does not exist, is not a JPEG, HEIF/AVIF, PNG, WebP, GIF, JPEG XL, TIFF (BigTIFF, DNG, a TIFF-based raw), MOV or MP4, nor an XMP sidecar or a Google Takeout JSON (by content), is truncated or malformed (a TIFF whose IFD0 cannot be read) (a MOV or MP4 whose `moov` or `mdat` is cut short), is not a regular file, or took longer than --file-timeout; or, for an original a descriptor names, it lies outside the folders photoaudit may read (those named on the command line and the current directory's tree, links resolved) and was not opened at all. The evidence gives the reason and the carrier says which file (none: the output; `descriptor`; `original`). `sanitize` also reports a bare MOV or MP4 this way: it does not re-encode video, and writes nothing for it; likewise a DNG or camera raw with no preview it can decode (photoaudit does not decode sensor data).",
      why: "Nothing was checked, so nothing can be vouched for. In a batch the file is reported and the batch goes on; single-file commands also exit 3.",
      fix: "Fix what the reason says: the path, the pipeline's encoder, the descriptor's JSON, raise --file-timeout, or name the originals' folder with --originals DIR when you trust it.",
      exampleCommand: "photoaudit verify Fixtures/defects/size-lie.json",
      exampleOutput: ["PA013 error   unreadable: not a JPEG, HEIF/AVIF, PNG, WebP, GIF, JPEG XL, TIFF or DNG file (starts with 7b 0a 20 20 22 6d 65 64)"])
    case .unaccountedBytes: FindingExplanation(
      summary: "bytes outside every known structure (after EOI or IEND, in `free` boxes, in `mdat` no item references, beyond an ICC profile's tags)",
      meaning: "Part of the file belongs to no structure a reader interprets, or to a structure of unknown kind: data after the JPEG end-of-image marker or the PNG IEND, a HEIF `free` box, `mdat` bytes no item or track references, an unknown APPn segment, chunk or box (a vendor box in a video's `udta`). Error when the bytes hold an image, EXIF/TIFF, XMP or text; info when they are zero padding; warning otherwise. A Motion Photo whose XMP `Container:Directory` (or `MicroVideoOffset`) does not describe its bytes — a video that is not where it says, lengths that do not match — is a warning too. `inspect --map` shows every byte's structure.",
      why: "Hidden data is where metadata survives stripping: a whole second JPEG after EOI (a Motion Photo, an MPF image whose index was removed), an EXIF block in an unknown segment.",
      fix: "Re-encode from the decoded pixels (nothing after EOI survives), or truncate the file at its end marker and drop unknown segments.",
      exampleCommand: "photoaudit verify Fixtures/hidden/trailer-jpeg.jpg",
      exampleOutput: ["PA014 error   unaccounted-bytes: 1412 bytes at byte 3310 (after EOI) hold a JPEG image, read as trailer#1"])
    case .incompleteCheck: FindingExplanation(
      summary: "part of the file could not be checked (cap, limit, time budget, unparseable carrier, undecodable pixels, crashed worker): no clean verdict",
      meaning: "photoaudit stopped short somewhere in the file — a size or pixel cap (--max-pixels), a decoder limit, the time budget (--file-timeout), the memory limit of the worker process decoding it (--max-memory), a decoder that crashed (its worker process died; the batch goes on), a carrier it cannot fully parse (an EXIF block with an IFD pointer, an IFD table, IFD1 or a value past its end: 'exif not fully checked: part of the EXIF block could not be read: …'), a sidecar beside the photo it cannot read (`sidecar`: an `.xmp` that is no XMP packet, a Takeout sidecar name holding no JSON), pixels that do not decode completely — and says what was not checked. In a video, a track of timed data (not pictures or sound) is decoded or it is PA015 naming the track and its format (`track#5`: 'fdsc' samples, GoPro's file-recovery data; `track#1`: 'mett'), and so are the records a decoder cannot read (`track#2/mebx`: a key of a private type; `track#2/djmd`: a DJI protocol whose GPS field is not known; `freegps`: a GPS block in an undocumented layout), samples over a cap, and samples in movie fragments.",
      why: "Fail closed: a privacy gate that passes what it did not read would pass exactly the files built to evade it.",
      fix: "Look at the part named: raise the limit if the file is legitimate (--max-pixels, --file-timeout, --max-memory), or re-encode the file so it can be read whole.",
      exampleCommand: "photoaudit verify Fixtures/failclosed/xmp-past-cap.png",
      exampleOutput: ["PA015 error   incomplete-check: xmp not fully checked: PNG iTXt 'XML:com.adobe.xmp' at byte 33 did not inflate completely (stopped at the size cap: 16 MiB per chunk, 64 MiB per file); 16777216 bytes read"])
    case .outputDamaged: FindingExplanation(
      summary: "the output does not decode cleanly (truncated, premature end, corrupt data): users see grey or garbage",
      meaning: "The output's pixels do not decode completely: the encoder's output was truncated or corrupt, so decoders show a grey or garbled part. Garbage inside a JPEG scan is found at every scale the check decodes at: libjpeg-turbo reads it without a warning of its own, so after the warning it gives for harmless junk ('extraneous bytes before marker') photoaudit decodes the scan's Huffman data to tell junk after whole data (no finding) from garbage in the middle of it (the evidence names the MCU row and byte). --no-pixels decodes no pixels and does not report PA016.",
      why: "The user's photo is broken, whatever its metadata says; decoders differ in what they show.",
      fix: "Check the pipeline's write path (a killed or out-of-space write, a partial upload) and re-encode.",
      exampleCommand: nil,
      exampleOutput: ["PA016 error   output-damaged: premature end of JPEG data: rows 48–63 of 64 are grey"])
    case .generationMetadata: FindingExplanation(
      summary: "image-generator prompts, parameters or workflows left in the file",
      meaning: "The file carries what an image generator wrote: PNG text chunks `parameters` (AUTOMATIC1111, Fooocus), `prompt` and `workflow` (ComfyUI), `Dream`, `sd-metadata` and `invokeai_metadata` (InvokeAI), NovelAI's Description and Comment; a generator's text in EXIF (an A1111 prompt in UserComment, ComfyUI's \"Prompt: {…}\" in Make) or in any comment; generator XMP (xmp:CreatorTool naming a generator, an IPTC digital source type of trained algorithmic media). The evidence names the generator and the field; the prompt's first words are redacted (`--reveal` and `inspect` show them).",
      why: "Prompts can hold names, places and private text, and reveal the tool chain; a workflow can name files and folders of the machine that made the image.",
      fix: "Strip PNG text chunks, EXIF UserComment and the other fields named, or re-encode without metadata (`photoaudit sanitize` does).",
      exampleCommand: "photoaudit verify Fixtures/carriers/gen-a1111.png",
      exampleOutput: ["PA017 warning generation-metadata: comment 'parameters' (136 bytes): Stable Diffusion web UI (AUTOMATIC1111) metadata; the prompt begins \"‹redacted #9a45c128c3af›\""])
    case .provenanceManifest: FindingExplanation(
      summary: "a C2PA manifest is present (info); error when it carries GPS or an ingredient image that shows removed content",
      meaning: "The file carries a C2PA / JUMBF provenance manifest store (JPEG APP11 segments, PNG caBX, the ISOBMFF C2PA uuid box, the WebP C2PA chunk). The evidence lists each manifest: its claim generator, assertions, ingredients and thumbnails. It is info; it is an error when an assertion holds GPS (`stds.exif`, `c2pa.metadata`, any coordinates — also PA001, carrier `c2pa/c2pa-assertion#N`) or a claim or ingredient thumbnail shows other content than the output (also PA005). photoaudit does not validate C2PA signatures: a manifest is reported whether or not it would verify.",
      why: "Manifests are meant to travel with the image, and can carry the original's location or an uncropped ingredient.",
      fix: "Keep the manifest only if the service wants provenance, and then redact location assertions and ingredient thumbnails; otherwise strip it (`photoaudit sanitize` drops it: it would no longer verify on a re-encoded output anyway).",
      exampleCommand: "photoaudit verify Fixtures/carriers/c2pa-gps.jpg",
      exampleOutput: ["PA018 error   provenance-manifest: C2PA manifest store: it carries GPS (c2pa/c2pa-assertion#1: latitude/longitude ‹redacted #9b09e51f9e9c›, altitude ‹redacted #d070cce2cf58›, time ‹redacted #33586f28e0dc›). manifest 'urn:uuid:00000000-0000-4000-8000-000000000001' by photoaudit-fixtures/1.0 (2 assertions: stds.exif, c2pa.hash.data; signed); the signature was not validated (photoaudit does not verify C2PA signatures)"])
    case .outputUnprocessed: FindingExplanation(
      summary: "the output is byte-identical to its original, or has its original's metadata and pixels: the pipeline skipped processing",
      meaning: "The output is its original: the same bytes, or the same pixels and metadata. The pipeline passed the file through untouched.",
      why: "Every promise of the pipeline — stripped, oriented, resized — is broken at once, whatever the descriptor says.",
      fix: "Find why the pipeline skipped the file (an error path that uploads the original, a size check that lets small files through) and process it.",
      exampleCommand: nil,
      exampleOutput: ["PA019 error   output-unprocessed: the output is byte-identical to its original"])
    case .allowEntryExpired: FindingExplanation(
      summary: "an allow entry of the config has expired: it no longer allows anything",
      meaning: "An entry of `allow` in `.photoaudit.json` (docs/config.md) has an `expires` date before today (UTC). From the day after that date it stops allowing: the findings it accepted count toward `--fail-on` again. The finding's file is the config, its tag the entry (`allow[N]`).",
      why: "An allowlist that never expires rots: an exception made for one release keeps hiding leaks for years. The date makes someone look at it again.",
      fix: "Fix what the entry allowed (and delete the entry), or, when the exception still holds, give it a later `expires` and say why in its `reason`.",
      exampleCommand: nil,
      exampleOutput: ["PA020 warning allow-entry-expired: allow[0] (path \"legacy/**\", PA006) expired on 2026-06-30: it no longer allows findings"])
    case .allowEntryUnused: FindingExplanation(
      summary: "an allow entry of the config matched no finding in the run",
      meaning: "An entry of `allow` in `.photoaudit.json` (docs/config.md) accepted no finding of this run: its path glob or SHA-256 names no file with findings, or its id or carrier does not fit them. For `merge` it is decided over the merged shards, not per shard; a sharded `audit` does not report it.",
      why: "An entry that matches nothing is stale (the file was fixed or removed) or mistyped; either way it should go before it allows something it was never meant to.",
      fix: "Delete the entry, or correct its path, sha256, id or carrier.",
      exampleCommand: nil,
      exampleOutput: ["PA021 warning allow-entry-unused: unused allow entry allow[1] (path \"old/*.jpg\", PA001): it matched no finding"])
    }
  }
}
