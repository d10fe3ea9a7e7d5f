import Bytes
import PhotoCore
/// The SPEC's `photoaudit/inspect/v2` JSON shape (documented by docs/schema/inspect-v2.json).
/// v2 (0.2.0): camera values that are numbers (ISO, exposure time, f-number, focal length) are
/// JSON numbers, and `location` and `incomplete` were added; later `manifests` (C2PA) and
/// `generation` (image-generator metadata), which older readers ignore.
public enum InspectJSON {
  public static let schema = "photoaudit/inspect/v2"

  /// The whole document for several files.
  public static func document(_ files: [PhotoMetadata], allTags: Bool, redact: Bool = false) -> JSONValue {
    .object([("schema", .string(schema)), ("files", .array(files.map { file($0, allTags: allTags, redact: redact) }))])
  }

  /// One file's object. `inspect` shows values; with `redact` (`inspect --redact`) it hides
  /// them as reports do: coordinates, altitude and time of each fix null (its `fingerprint`
  /// stays), secret tag values (`SecretTags`: place names, serials, owner names…) and prompts
  /// replaced by their markers.
  public static func file(_ m: PhotoMetadata, allTags: Bool, redact: Bool = false) -> JSONValue {
    let shown = redact ? SecretTags.redacted(m) : m
    var members: [(String, JSONValue)] = [
      ("path", .string(m.path)),
      ("format", .optional(m.format) { .string($0.rawValue) }),
      ("file_size", .int(Int64(m.fileSize))),
      ("stored", .optional(m.stored, size)),
      ("displayed", .optional(m.displayed, size)),
      ("orientation", orientation(m.orientation)),
      ("crop", .optional(m.crop) { crop in
        .object([("source", .string(crop.source.rawValue)), ("x", .int(Int64(crop.rect.x))), ("y", .int(Int64(crop.rect.y))),
                 ("width", .int(Int64(crop.rect.width))), ("height", .int(Int64(crop.rect.height)))])
      }),
      ("gps", .array(m.gps.map { gps($0, redact: redact) })),
      ("gps_without_coordinates", .array(m.gpsWithoutCoordinates.map { gps($0, redact: redact) })),
      ("carriers", .array(m.carriers.map(carrier))),
      ("embedded_images", .array(m.embeddedImages.map(embedded))),
      ("icc_profile", .optional(m.iccDescription) { .string($0) }),
      ("camera", .object(CaptureSummary.camera(m).map { ($0.label, value($0.value)) })),
      ("location", location(shown)),
      ("identifying", .array(CaptureSummary.identifying(shown).map(tag))),
      ("manifests", .array(m.manifests.map(ProvenanceJSON.manifest))),
      ("generation", .array(GenerationMetadata.records(in: m).map { ProvenanceJSON.generation($0, redact: redact) })),
    ]
    // Only Motion Photos have it (the member is left out elsewhere, as `tags` is without --all).
    if let motion = m.motionPhoto { members.append(("motion_photo", motionPhoto(motion))) }
    if allTags { members.append(("tags", .array(shown.tags.map(tag)))) }
    members.append(("incomplete", .array(m.incomplete.uniqued().map { part in
      .object([("scope", .string(part.scope)), ("reason", .string(part.reason))])
    })))
    members.append(("warnings", .array(m.warnings.map { .string($0) })))
    members.append(("error", .optional(m.error) { .string($0) }))
    return .object(members)
  }

  /// The place named in text fields: `{"sublocation", "city", "state", "country"}` (those
  /// present) and the carriers holding them, or null.
  package static func location(_ m: PhotoMetadata) -> JSONValue {
    let found = CaptureSummary.location(m)
    guard !found.parts.isEmpty else { return .null }
    return .object(found.parts.map { ($0.label, .string($0.value)) }
      + [("carriers", .array(found.carriers.map { .string($0.rawValue) }))])
  }

  /// `{"declared_by": [...], "video": {"offset", "length"} | null, "mismatches": [...]}`.
  static func motionPhoto(_ p: MotionPhotoInfo) -> JSONValue {
    .object([
      ("declared_by", .array(p.declaredBy.map { .string($0) })),
      ("video", .optional(p.video) { .object([("offset", .int(Int64($0.lowerBound))), ("length", .int(Int64($0.count)))]) }),
      ("mismatches", .array(p.mismatches.map { .string($0) })),
    ])
  }

  package static func size(_ s: PixelSize) -> JSONValue {
    .object([("width", .int(Int64(s.width))), ("height", .int(Int64(s.height)))])
  }

  package static func orientation(_ o: OrientationFacts) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("exif", .optional(o.exif) { .int(Int64($0)) }),
      ("exif_applies", .bool(o.exifApplies)),
      ("irot", .optional(o.irot) { .int(Int64($0)) }),
      ("imir", .optional(o.imir) { .int(Int64($0)) }),
      ("xmp", .optional(o.xmp) { .int(Int64($0)) }),
      ("thumbnail", .optional(o.thumbnail) { .int(Int64($0)) }),
      ("effective", .int(Int64(o.effective.rawValue))),
      ("meaning", .string(o.effective.meaning)),
    ]
    // Movies only: the video track's matrix (degrees clockwise, as ExifTool's Rotation) and mirror.
    if let rotation = o.trackRotation {
      members.insert(contentsOf: [("track_rotation", .int(Int64(rotation))), ("track_mirrored", .bool(o.trackMirrored ?? false))], at: 6)
    }
    // JPEG XL only: the codestream's orientation, which governs display.
    if let codestream = o.codestream { members.insert(("jxl_codestream", .int(Int64(codestream))), at: 6) }
    return .object(members)
  }

  /// A fix: its values (null when redacted) and the fingerprint of them, which the PA001 finding
  /// about it in a redacted report carries too.
  package static func gps(_ g: GPSFix, redact: Bool = false) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("carrier", .string(g.carrier.rawValue)),
      ("item", .optional(g.item) { .int(Int64($0)) }),
      ("path", .string(g.path.description)),
      ("offset", .optional(g.offset) { .int(Int64($0)) }),
      ("evidence", .optional(g.signature ?? g.unreadable) { .string($0.text(revealing: !redact)) }),
      ("latitude", .optional(redact ? nil : g.latitude) { .number($0) }),
      ("longitude", .optional(redact ? nil : g.longitude) { .number($0) }),
      ("altitude", .optional(redact ? nil : g.altitude) { .number($0) }),
      ("timestamp", .optional(redact ? nil : g.timestamp) { .string($0) }),
    ]
    if let fingerprint = GPSEvidence.fingerprint(g) { members.append(("fingerprint", .string(fingerprint))) }
    return .object(members)
  }

  package static func carrier(_ c: Carrier) -> JSONValue {
    .object([
      ("kind", .string(c.kind.rawValue)),
      ("item", .optional(c.item) { .int(Int64($0)) }),
      ("path", .string(c.path.description)),
      ("offset", .int(Int64(c.offset))),
      ("length", .int(Int64(c.length))),
      ("note", .optional(c.note) { .string($0) }),
    ])
  }

  package static func embedded(_ e: EmbeddedImage) -> JSONValue {
    .object([
      ("kind", .string(e.kind.rawValue)),
      ("item", .optional(e.item) { .int(Int64($0)) }),
      ("offset", .int(Int64(e.offset))),
      ("length", .int(Int64(e.length))),
      ("role", .optional(e.role) { .string($0) }),
      ("format", .optional(e.format) { .string($0.rawValue) }),
      ("size", .optional(e.size, size)),
      ("carriers", .array(e.carrierKinds.map { .string($0.rawValue) })),
      ("path", .string(e.path.description)),
      ("orientation", .optional(e.orientation) { .int(Int64($0)) }),
    ])
  }

  package static func tag(_ t: MetadataTag) -> JSONValue {
    var members: [(String, JSONValue)] = [("carrier", .string(t.carrier.rawValue))]
    if let item = t.item { members.append(("item", .int(Int64(item)))) }
    if !t.document.isRoot { members.append(("path", .string(t.path.description))) }
    members += [("group", .string(t.group)), ("name", .string(t.name)), ("value", value(t.value))]
    return .object(members)
  }

  package static func value(_ v: TagValue) -> JSONValue {
    switch v {
    case .integer(let i): .int(i)
    case .real(let d): .number(d)
    case .text(let s): .string(s)
    case .list(let items): .array(items.map(value))
    case .binary(let count): .string("(\(count) bytes binary)")
    }
  }
}
