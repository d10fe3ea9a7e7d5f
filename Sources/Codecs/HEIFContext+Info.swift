internal import CHeif

/// One metadata block attached to an image, as libheif lists it
/// (`heif_image_handle_get_list_of_metadata_block_IDs`).
public struct HEIFMetadataBlock: Sendable, Equatable, Hashable, CustomStringConvertible {
  /// The item ID of the metadata item.
  public var id: Int
  /// The item type: "Exif", "mime", "uri " (`heif_image_handle_get_metadata_type`).
  public var type: String
  /// The content type of a `mime` item ("application/rdf+xml" for XMP), empty for Exif
  /// (`heif_image_handle_get_metadata_content_type`).
  public var contentType: String
  /// Size of the raw item data, as stored (for Exif including the 4-byte TIFF header offset)
  /// (`heif_image_handle_get_metadata_size`).
  public var size: Int

  public init(id: Int, type: String, contentType: String, size: Int) {
    self.id = id
    self.type = type
    self.contentType = contentType
    self.size = size
  }

  public var description: String {
    "item \(id) \(type)\(contentType.isEmpty ? "" : " \(contentType)") \(size) bytes"
  }
}

/// What libheif reports about one image item: sizes, metadata, thumbnails and auxiliary images.
/// Read-only; used to cross-check photoaudit's own HEIF walker.
public struct HEIFImageInfo: Sendable, Equatable {
  /// The image's item ID.
  public var id: Int
  /// True for the primary image (`heif_image_handle_is_primary_image`).
  public var isPrimary: Bool
  /// Stored size from `ispe` (`heif_image_handle_get_ispe_width/height`).
  public var ispeWidth: Int
  public var ispeHeight: Int
  /// Size after libheif applied the transformative properties
  /// (`heif_image_handle_get_width/height`).
  public var width: Int
  public var height: Int
  /// Metadata blocks linked to this image (by `cdsc`), in libheif's order.
  public var metadata: [HEIFMetadataBlock]
  /// Thumbnail item IDs (`heif_image_handle_get_list_of_thumbnail_IDs`).
  public var thumbnailIDs: [Int]
  /// Auxiliary image item IDs, alpha and depth included
  /// (`heif_image_handle_get_list_of_auxiliary_image_IDs` with no filter).
  public var auxiliaryIDs: [Int]
  /// For an auxiliary image: its `auxC` type URN (`heif_image_handle_get_auxiliary_type`).
  public var auxiliaryType: String?

  public init(id: Int, isPrimary: Bool, ispeWidth: Int, ispeHeight: Int, width: Int, height: Int,
              metadata: [HEIFMetadataBlock] = [], thumbnailIDs: [Int] = [], auxiliaryIDs: [Int] = [],
              auxiliaryType: String? = nil) {
    self.id = id
    self.isPrimary = isPrimary
    self.ispeWidth = ispeWidth
    self.ispeHeight = ispeHeight
    self.width = width
    self.height = height
    self.metadata = metadata
    self.thumbnailIDs = thumbnailIDs
    self.auxiliaryIDs = auxiliaryIDs
    self.auxiliaryType = auxiliaryType
  }
}

extension HEIFContext {
  /// The primary image's item ID (`heif_context_get_primary_image_ID`).
  public func primaryImageID() throws(CodecError) -> Int {
    var id: heif_item_id = 0
    try HEIFContext.check(heif_context_get_primary_image_ID(context, &id))
    return Int(id)
  }

  /// Item IDs of every top-level image: not thumbnails, auxiliary images or grid tiles
  /// (`heif_context_get_list_of_top_level_image_IDs`).
  public func topLevelImageIDs() -> [Int] {
    let count = Int(heif_context_get_number_of_top_level_images(context))
    guard count > 0 else { return [] }
    var ids = [heif_item_id](repeating: 0, count: count)
    let filled = Int(heif_context_get_list_of_top_level_image_IDs(context, &ids, Int32(count)))
    return ids.prefix(max(0, min(filled, count))).map { Int($0) }
  }

  /// libheif's view of the primary image.
  public func primaryImageInfo() throws(CodecError) -> HEIFImageInfo {
    HEIFContext.info(of: primary, id: try primaryImageID())
  }

  /// libheif's view of the top-level image `id` (`heif_context_get_image_handle`).
  public func imageInfo(id: Int) throws(CodecError) -> HEIFImageInfo {
    guard let itemID = heif_item_id(exactly: id) else { throw .invalidArgument("no item \(id)") }
    var handle: OpaquePointer?
    try HEIFContext.check(heif_context_get_image_handle(context, itemID, &handle))
    guard let handle else { throw .heif(code: 0, message: "no handle for item \(id)") }
    defer { heif_image_handle_release(handle) }
    return HEIFContext.info(of: handle, id: id)
  }

  /// Every image libheif exposes: each top-level image, then its thumbnails and auxiliary
  /// images. Images libheif cannot open are listed in `failures` with its message.
  public func allImageInfo() -> (images: [HEIFImageInfo], failures: [String]) {
    var images: [HEIFImageInfo] = []
    var failures: [String] = []
    for id in topLevelImageIDs() {
      guard let itemID = heif_item_id(exactly: id) else { continue }
      var handle: OpaquePointer?
      do throws(CodecError) {
        try HEIFContext.check(heif_context_get_image_handle(context, itemID, &handle))
      } catch {
        failures.append("item \(id): \(error)")
        continue
      }
      guard let handle else { continue }
      defer { heif_image_handle_release(handle) }
      let info = HEIFContext.info(of: handle, id: id)
      images.append(info)
      for thumb in info.thumbnailIDs {
        var child: OpaquePointer?
        let e = heif_image_handle_get_thumbnail(handle, heif_item_id(thumb), &child)
        guard e.code == heif_error_Ok, let child else {
          failures.append("thumbnail \(thumb) of item \(id): \(HEIFContext.text(e.message))")
          continue
        }
        images.append(HEIFContext.info(of: child, id: thumb))
        heif_image_handle_release(child)
      }
      for aux in info.auxiliaryIDs {
        var child: OpaquePointer?
        let e = heif_image_handle_get_auxiliary_image_handle(handle, heif_item_id(aux), &child)
        guard e.code == heif_error_Ok, let child else {
          failures.append("auxiliary \(aux) of item \(id): \(HEIFContext.text(e.message))")
          continue
        }
        images.append(HEIFContext.info(of: child, id: aux, auxiliary: true))
        heif_image_handle_release(child)
      }
    }
    return (images, failures)
  }

  // MARK: - One handle

  /// Reads everything `HEIFImageInfo` holds from one handle (the caller owns the handle).
  static func info(of handle: OpaquePointer, id: Int, auxiliary: Bool = false) -> HEIFImageInfo {
    var info = HEIFImageInfo(
      id: id, isPrimary: heif_image_handle_is_primary_image(handle) != 0,
      ispeWidth: Int(heif_image_handle_get_ispe_width(handle)),
      ispeHeight: Int(heif_image_handle_get_ispe_height(handle)),
      width: Int(heif_image_handle_get_width(handle)),
      height: Int(heif_image_handle_get_height(handle)))
    info.metadata = metadataBlocks(handle)
    info.thumbnailIDs = ids(count: heif_image_handle_get_number_of_thumbnails(handle)) { buffer, n in
      heif_image_handle_get_list_of_thumbnail_IDs(handle, buffer, n)
    }
    info.auxiliaryIDs = ids(count: heif_image_handle_get_number_of_auxiliary_images(handle, 0)) { buffer, n in
      heif_image_handle_get_list_of_auxiliary_image_IDs(handle, 0, buffer, n)
    }
    if auxiliary { info.auxiliaryType = auxiliaryType(handle) }
    return info
  }

  /// The metadata blocks of one handle, copied now (libheif's strings live until its next call).
  static func metadataBlocks(_ handle: OpaquePointer) -> [HEIFMetadataBlock] {
    let list = ids(count: heif_image_handle_get_number_of_metadata_blocks(handle, nil)) { buffer, n in
      heif_image_handle_get_list_of_metadata_block_IDs(handle, nil, buffer, n)
    }
    return list.map { id in
      let item = heif_item_id(id)
      return HEIFMetadataBlock(
        id: id,
        type: text(heif_image_handle_get_metadata_type(handle, item)),
        contentType: text(heif_image_handle_get_metadata_content_type(handle, item)),
        size: heif_image_handle_get_metadata_size(handle, item))
    }
  }

  /// The `auxC` type of an auxiliary image handle, freed at once.
  static func auxiliaryType(_ handle: OpaquePointer) -> String? {
    var type: UnsafePointer<CChar>?
    let e = heif_image_handle_get_auxiliary_type(handle, &type)
    guard e.code == heif_error_Ok, let type else { return nil }
    defer {
      var owned: UnsafePointer<CChar>? = type
      heif_image_handle_free_auxiliary_types(handle, &owned)
    }
    return String(cString: type)
  }

  /// Calls a libheif "fill this ID array" function with a buffer of `count` entries.
  static func ids(count: Int32, _ fill: (UnsafeMutablePointer<heif_item_id>, Int32) -> Int32) -> [Int] {
    guard count > 0 else { return [] }
    var buffer = [heif_item_id](repeating: 0, count: Int(count))
    let filled = buffer.withUnsafeMutableBufferPointer { p -> Int32 in
      guard let base = p.baseAddress else { return 0 }
      return fill(base, count)
    }
    return buffer.prefix(Int(max(0, min(filled, count)))).map { Int($0) }
  }

  /// Copies a C string now; nil becomes "".
  static func text(_ p: UnsafePointer<CChar>?) -> String { p.map { String(cString: $0) } ?? "" }
}
