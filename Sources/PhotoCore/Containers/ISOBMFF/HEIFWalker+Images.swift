extension HEIFWalker {
  /// Every image item other than the primary: thumbnails (`thmb`), auxiliary images (`auxl`, role
  /// = `auxC` URN) and other images; grid tiles (inputs of a `grid`/`iovl`) are parts of their grid,
  /// not images of their own, and are left out. [ISO/IEC 23008-12 6.4, 6.6.2]
  package static func embeddedImages(_ file: HEIFFile, carriers: [Carrier]) -> [EmbeddedImage] {
    let tiles = Set(file.references.filter { ref in
      ref.type == "dimg" && ["grid", "iovl"].contains(file.item(ref.from)?.type ?? "")
    }.flatMap(\.to))
    var result: [EmbeddedImage] = []
    for item in file.items where item.isImage && item.id != file.primaryItemID {
      let thumbnailOf = file.targets(of: item.id, type: "thmb")
      let auxiliaryOf = file.targets(of: item.id, type: "auxl")
      if tiles.contains(item.id), thumbnailOf.isEmpty, auxiliaryOf.isEmpty { continue }
      let kind: CarrierKind
      let role: String
      if !thumbnailOf.isEmpty {
        kind = .thumbnail
        role = "thumbnail of item \(list(thumbnailOf))"
      } else if !auxiliaryOf.isEmpty {
        kind = .auxiliaryImage
        role = file.auxiliaryType(of: item.id) ?? "auxiliary image of item \(list(auxiliaryOf)) (no auxC)"
      } else {
        kind = .auxiliaryImage
        role = "\(item.isHidden ? "hidden " : "")'\(item.type)' image item"
      }
      let location = file.locations[item.id]
      let first = location?.extents.first
      let own = carriers.filter { carrier in
        guard let id = carrier.item, carrier.kind != .icc else { return false }
        return file.targets(of: id, type: "cdsc").contains(item.id)
      }.map(\.kind)
      let stored = file.storedSize(of: item.id)
      // Shown through its own transformations, never the primary's. [ISO/IEC 23008-12 6.5.1]
      let displayed = stored.map { HEIFDisplayGeometry(stored: $0, transforms: file.transforms(of: item.id)).displayed }
      result.append(EmbeddedImage(kind: kind, item: item.id, offset: first?.offset ?? 0,
                                  length: first?.length ?? 0, role: role, format: format(ofItemType: item.type),
                                  size: stored, carrierKinds: own, displayed: displayed))
    }
    return result
  }

  /// The container format an image item's coded data corresponds to.
  package static func format(ofItemType type: String) -> ImageFormat? {
    switch type {
    case "hvc1": .heic
    case "av01": .avif
    case "jpeg": .jpeg
    default: nil
    }
  }

  /// Facts about the structure (group "HEIF"): brands, items, and the primary's properties.
  static func structureTags(_ file: HEIFFile) -> [MetadataTag] {
    var tags: [MetadataTag] = []
    func add(_ name: String, _ value: TagValue) {
      tags.append(MetadataTag(carrier: .unknown, group: "HEIF", name: name, value: value))
    }
    add("MajorBrand", .text(file.majorBrand))
    add("MinorVersion", .integer(Int64(file.minorVersion)))
    add("CompatibleBrands", .text(file.compatibleBrands.joined(separator: " ")))
    if let handler = file.handlerType { add("HandlerType", .text(handler)) }
    if let primary = file.primaryItemID { add("PrimaryItemID", .integer(Int64(primary))) }
    add("ItemCount", .integer(Int64(file.items.count)))
    add("ImageItemCount", .integer(Int64(file.items.filter(\.isImage).count)))
    if let primary = file.primaryItem { add("PrimaryItemType", .text(primary.type)) }
    guard let primary = file.primaryItemID else { return tags }
    for (property, _) in file.properties(of: primary) {
      switch property {
      case .imageSize(let size):
        add("ImageWidth", .integer(Int64(size.width)))
        add("ImageHeight", .integer(Int64(size.height)))
      case .rotation(let turns):
        // Degrees anti-clockwise, as in the file (ExifTool's QuickTime:Rotation).
        add("Rotation", .integer(Int64(turns * 90)))
      case .mirror(let axis):
        add("MirrorAxis", .integer(Int64(axis)))
        add("Mirror", .text(axis == 0 ? "top-bottom" : "left-right"))
      case .cleanAperture(let c):
        add("CleanAperture", .text("\(c.widthN)/\(c.widthD)x\(c.heightN)/\(c.heightD) offset \(c.horizOffN)/\(c.horizOffD),\(c.vertOffN)/\(c.vertOffD)"))
      case .pixelInformation(let bits):
        add("BitsPerChannel", .list(bits.map { .integer(Int64($0)) }))
      case .colourNCLX(let primaries, let transfer, let matrix, let fullRange):
        add("ColorProfile", .text("nclx"))
        add("ColorPrimaries", .integer(Int64(primaries)))
        add("TransferCharacteristics", .integer(Int64(transfer)))
        add("MatrixCoefficients", .integer(Int64(matrix)))
        add("VideoFullRangeFlag", .integer(fullRange ? 1 : 0))
      case .colourICC(let type, _, let profile):
        add("ColorProfile", .text(type))
        add("ICCProfileSize", .integer(Int64(profile.count)))
      case .auxiliaryType(let urn, _):
        add("AuxiliaryType", .text(urn))
      case .other, .malformed:
        break
      }
    }
    let thumbnails = file.sources(referring: primary, type: "thmb")
    if !thumbnails.isEmpty { add("ThumbnailItemIDs", .list(thumbnails.map { .integer(Int64($0)) })) }
    let auxiliary = file.sources(referring: primary, type: "auxl")
    if !auxiliary.isEmpty { add("AuxiliaryItemIDs", .list(auxiliary.map { .integer(Int64($0)) })) }
    return tags
  }

  package static func list(_ ids: [Int]) -> String { ids.map(String.init).joined(separator: ", ") }
}
