import Bytes
extension PhotoMetadata {
  /// Takes the GPS (with and without coordinates) and the tags of `sub` — an embedded document,
  /// or the video of a Live Photo — under `path` ("thumbnail/exif", "live-photo-video/keys").
  package mutating func fileLocationAndTags(of sub: PhotoMetadata, under path: CarrierPath) {
    gps += sub.gps.map { $0.inDocument(path) }
    gpsWithoutCoordinates += sub.gpsWithoutCoordinates.map { $0.inDocument(path) }
    tags += sub.tags.filter { $0.carrier != .unknown }.map { tag in
      var moved = tag
      moved.document = path.appending(tag.document)
      return moved
    }
  }
}

extension MetadataAssembler {
  /// Files what an embedded document carries into the model of its parent, every carrier path
  /// prefixed with the document's step: its GPS counts for the file ("thumbnail/exif"), its tags
  /// and carriers are listed under it, and an image is listed among the embedded images.
  package func merge(_ sub: PhotoMetadata, of child: EmbeddedDocument, into m: inout PhotoMetadata) {
    let path = CarrierPath([child.step])
    let ownCarriers = sub.carriers.filter { $0.document.isRoot }
    m.fileLocationAndTags(of: sub, under: path)
    let offset = child.tree.placement.reportedOffset(child.tree.range.lowerBound)
    let length = child.tree.range.count
    switch child.imageKind {
    case .thumbnail?:
      // The thumbnail's bytes, for the pixel check of the primary image's thumbnail.
      let bytes = (try? child.tree.source.bytes(in: child.tree.range)) ?? []
      m.carriers.append(Carrier(kind: .thumbnail, offset: offset, length: length, note: child.role, payload: bytes))
    case .c2paThumbnail?:
      // A C2PA thumbnail's bytes, for the pixel check of what it shows (PA005, PA018).
      var carrier = Carrier(kind: .c2paThumbnail, offset: offset, length: length, note: child.role,
                            payload: (try? child.tree.source.bytes(in: child.tree.range)) ?? [])
      carrier.document = path
      m.carriers.append(carrier)
    case .mpfImage?:
      m.carriers.append(Carrier(kind: .mpfImage, offset: offset, length: length, item: child.step.index, note: child.role))
    default:
      break
    }
    m.carriers += sub.carriers.map { carrier in
      var moved = carrier
      moved.document = path.appending(carrier.document)
      return moved
    }
    m.manifests += sub.manifests.map { manifest in
      var moved = manifest
      moved.store = path.appending(manifest.store)
      moved.thumbnails = manifest.thumbnails.map { path.appending($0) }
      return moved
    }
    m.warnings += sub.warnings.map { "\(path): \($0)" }
    m.incomplete += sub.incomplete.map { IncompleteCheck(scope: path.appending(CarrierPath(parsing: $0.scope)).description, reason: $0.reason) }
    if let error = sub.error ?? child.tree.failure.map({ "\($0)" }) {
      m.warnings.append("\(path): could not be read: \(error)")
    }
    if let kind = child.imageKind {
      let image = EmbeddedImage(kind: kind, item: child.step.index, offset: offset, length: length, role: child.role,
                                format: child.tree.format.imageFormat, size: sub.stored,
                                carrierKinds: ownCarriers.map(\.kind).filter { $0 != .trailer },
                                path: path, orientation: sub.orientation.exif)
      // A HEIF item is listed already (from `iinf`): what its own bytes carry is added to it.
      if let listed = m.embeddedImages.firstIndex(where: { $0.path == path }) {
        m.embeddedImages[listed].carrierKinds = (m.embeddedImages[listed].carrierKinds + image.carrierKinds).uniqued()
        m.embeddedImages[listed].orientation = image.orientation
        m.embeddedImages[listed].size = m.embeddedImages[listed].size ?? image.size
      } else {
        m.embeddedImages.append(image)
      }
    }
    m.embeddedImages += sub.embeddedImages.map { image in
      var moved = image
      moved.path = path.appending(image.path)
      return moved
    }
  }
}
