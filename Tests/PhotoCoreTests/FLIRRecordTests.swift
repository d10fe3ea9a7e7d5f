@testable import Bytes
import Foundation
import Testing
@testable import PhotoCore

/// FLIR FFF data in JPEG APP1: joining the chunks, the record directory, the GPS record, and
/// what reaches the model (GPS in carrier `flir`, PA015 for what cannot be read). The bytes are
/// laid out here by hand from ExifTool's FLIR.pm (header, 32-byte entries, the GPS record's
/// offsets); `Fixtures/gen/vendor-records.sh` makes the same layout with python3 and checks it
/// with exiftool.
struct FLIRRecordTests {
  // MARK: - Building FFF data

  /// A GPS record (little-endian): GPSValid, version, refs, latitude, longitude, altitude.
  static func gpsRecord(valid: UInt32 = 1, latitude: Double, longitude: Double, altitude: Float = 20.5,
                        latRef: String? = nil, lonRef: String? = nil, length: Int = 0x68) -> [UInt8] {
    var r = [UInt8](repeating: 0, count: max(length, 0x68))
    func put<T: FixedWidthInteger>(_ v: T, _ at: Int) { withUnsafeBytes(of: v.littleEndian) { r.replaceSubrange(at..<at + $0.count, with: $0) } }
    put(valid, 0)
    r.replaceSubrange(4..<8, with: Array("2200".utf8))
    r[8] = UInt8(ascii: Unicode.Scalar(latRef ?? (latitude < 0 ? "S" : "N"))!)
    r[0x0A] = UInt8(ascii: Unicode.Scalar(lonRef ?? (longitude < 0 ? "W" : "E"))!)
    put(latitude.bitPattern, 0x10)
    put(longitude.bitPattern, 0x18)
    put(altitude.bitPattern, 0x20)
    return Array(r.prefix(length))
  }

  /// An FFF file: header, directory (`bigEndian` as FLIR APP1 data is), records in order.
  /// `outside` entries point past the end of the data.
  static func fff(_ records: [(type: UInt16, data: [UInt8])], bigEndian: Bool = true, version: UInt32 = 100,
                  outside: Set<Int> = []) -> [UInt8] {
    func u16(_ v: UInt16) -> [UInt8] { bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)] }
    func u32(_ v: UInt32) -> [UInt8] { let b = (0..<4).map { UInt8((v >> (8 * (3 - $0))) & 0xFF) }; return bigEndian ? b : b.reversed() }
    var header = Array("FFF\0".utf8) + Array("hand\0\0\0\0\0\0\0\0\0\0\0\0".utf8)
    header += u32(version) + u32(0x40) + u32(UInt32(records.count)) + u32(2)
    header += [UInt8](repeating: 0, count: 0x40 - header.count)
    var directory: [UInt8] = []
    var body: [UInt8] = []
    let start = 0x40 + 0x20 * records.count
    for (index, record) in records.enumerated() {
      let offset = outside.contains(index) ? UInt32(0x7FFF_0000) : UInt32(start + body.count)
      directory += u16(record.type) + u16(1) + u32(0x64) + u32(1) + u32(offset) + u32(UInt32(record.data.count)) + u32(0) + u32(0) + u32(0)
      if !outside.contains(index) { body += record.data }
    }
    return header + directory + body
  }

  static let other: (type: UInt16, data: [UInt8]) = (0x27, [1, 0, 8, 0, 0x10, 0, 0, 0])

  /// APP1 payloads as the walker cuts them (no "FLIR\0"): 0x01, chunk number, count - 1, data.
  static func chunks(_ data: [UInt8], size: Int) -> [[UInt8]] {
    let parts = stride(from: 0, to: data.count, by: size).map { Array(data[$0..<min($0 + size, data.count)]) }
    return parts.enumerated().map { [1, UInt8($0.offset), UInt8(parts.count - 1)] + $0.element }
  }

  /// A JPEG with the FFF data in APP1 segments of `size` bytes of data each.
  static func jpeg(_ data: [UInt8], size: Int = 64, drop: Int? = nil) -> [UInt8] {
    var b = JPEGBuilder()
    for (index, payload) in chunks(data, size: size).enumerated() where index != drop {
      b.segment(0xE1, FLIRChunks.app1Signature + payload)
    }
    b.frame(width: 8, height: 8)
    b.scanAndEnd()
    return b.bytes
  }

  static func inspect(_ bytes: [UInt8]) -> PhotoMetadata { Inspector.inspect(source: MemorySource(bytes), path: "flir.jpg") }

  // MARK: - Chunks

  @Test func chunksAreJoinedInNumberOrderWhateverTheFileOrder() {
    let data = Array(0..<200).map { UInt8($0) }
    let payloads = Self.chunks(data, size: 64)
    #expect(payloads.count == 4)
    let shuffled = [payloads[2], payloads[0], payloads[3], payloads[1]]
    let joined = FLIRChunks.assemble(shuffled)
    #expect(joined.data == data)
    #expect(joined.order == [1, 3, 0, 2])
    #expect(joined.failure == nil && joined.warnings.isEmpty)
  }

  @Test func aMissingChunkOrDisagreeingCountsJoinNothing() {
    let payloads = Self.chunks(Array(repeating: 7, count: 200), size: 64)
    let missing = FLIRChunks.assemble([payloads[0], payloads[2], payloads[3]])
    #expect(missing.data == nil)
    #expect(missing.failure == "FLIR APP1 chunk(s) 2 of 4 are missing")
    var other = payloads[1]
    other[2] = 9
    let disagree = FLIRChunks.assemble([payloads[0], other, payloads[2], payloads[3]])
    #expect(disagree.data == nil)
    #expect(disagree.failure == "the FLIR APP1 segments disagree on the number of chunks (4, 10)")
  }

  @Test func duplicatesAreReadOnceAndConflictsNamed() {
    let payloads = Self.chunks(Array(0..<100).map { UInt8($0) }, size: 64)
    let same = FLIRChunks.assemble([payloads[0], payloads[0], payloads[1]])
    #expect(same.data == Array(0..<100).map { UInt8($0) })
    #expect(same.warnings.isEmpty)
    var changed = payloads[0]
    changed[5] ^= 0xFF
    let conflict = FLIRChunks.assemble([payloads[0], changed, payloads[1]])
    #expect(conflict.data == Array(0..<100).map { UInt8($0) })
    #expect(conflict.warnings == ["FLIR chunk 1 appears twice with different data; the first was kept."])
  }

  @Test func chunksThatAllSayZeroOfOneAreJoinedInFileOrder() {
    let data = Array(0..<150).map { UInt8($0) }
    let payloads = Self.chunks(data, size: 64).map { [$0[0], 0, 0] + $0.dropFirst(3) }
    let joined = FLIRChunks.assemble(payloads)
    #expect(joined.data == data)
    #expect(joined.warnings == ["3 FLIR APP1 segments each say they are chunk 1 of 1; joined in file order."])
  }

  @Test func headerlessSegmentsAreSkipped() {
    let joined = FLIRChunks.assemble([[1, 0]])
    #expect(joined.data == nil && joined.failure == "no FLIR APP1 segment holds a chunk")
    #expect(joined.warnings.count == 1)
  }

  // MARK: - Directory

  @Test(arguments: [true, false])
  func theDirectoryIsReadInEitherByteOrder(_ bigEndian: Bool) throws {
    let gps = Self.gpsRecord(latitude: 59.3293, longitude: 18.0686)
    let data = Self.fff([Self.other, (0, []), (FFFDirectory.RecordType.gpsInfo, gps)], bigEndian: bigEndian)
    let directory = try FFFDirectory.read(data)
    #expect(directory.bigEndian == bigEndian && directory.version == 100 && directory.signature == "FFF")
    #expect(directory.records.map(\.type) == [0x27, 0x2B])  // the empty entry is skipped
    let start = 0x40 + 3 * 0x20 + 8
    #expect(directory.records(FFFDirectory.RecordType.gpsInfo).first?.range == start..<start + 0x68)
  }

  @Test func whatIsNotAnFFFDirectoryIsNamed() {
    let good = Self.fff([Self.other])
    #expect(throws: FFFDirectory.Failure.notFFF) { try FFFDirectory.read(Array(good.prefix(63))) }
    var notFFF = good
    notFFF[0] = UInt8(ascii: "X")
    #expect(throws: FFFDirectory.Failure.notFFF) { try FFFDirectory.read(notFFF) }
    #expect(throws: FFFDirectory.Failure.unknownVersion(99)) { try FFFDirectory.read(Self.fff([Self.other], version: 99)) }
    var outside = good
    outside.replaceSubrange(0x1C..<0x20, with: [0, 0, 0, 2])  // 2 entries, the data holds one
    #expect(throws: FFFDirectory.Failure.directoryOutside(offset: 0x40, entries: 2, size: good.count)) { try FFFDirectory.read(outside) }
    var many = good
    many.replaceSubrange(0x1C..<0x20, with: [0xFF, 0xFF, 0xFF, 0xFF])
    #expect(throws: FFFDirectory.Failure.tooManyEntries(0xFFFF_FFFF)) { try FFFDirectory.read(many) }
    var huge = good
    huge.replaceSubrange(0x18..<0x1C, with: [0xFF, 0xFF, 0xFF, 0xF0])  // offset + size overflows 32 bits
    #expect(throws: FFFDirectory.Failure.directoryOutside(offset: 0xFFFF_FFF0, entries: 1, size: good.count)) { try FFFDirectory.read(huge) }
  }

  @Test func aRecordOutsideTheDataHasNoRange() throws {
    let data = Self.fff([Self.other, (0x2B, Self.gpsRecord(latitude: 1, longitude: 2))], outside: [1])
    let directory = try FFFDirectory.read(data)
    #expect(directory.records[1].range == nil && directory.records[1].offset == 0x7FFF_0000)
  }

  // MARK: - GPS record

  @Test func aValidRecordGivesThePosition() {
    let c = FLIRGPSRecord.decode(Self.gpsRecord(latitude: -33.4489, longitude: -70.6693, altitude: 520))
    #expect(c.valid == 1 && c.latitude == -33.4489 && c.longitude == -70.6693 && c.altitude == 520)
    #expect(c.locates && c.unknownLayout == nil && c.unreadable == nil)
    // A hemisphere in the reference with an unsigned value is applied, as EXIF's is.
    let refs = FLIRGPSRecord.decode(Self.gpsRecord(latitude: 33.4489, longitude: 70.6693, latRef: "S", lonRef: "W"))
    #expect(refs.latitude == -33.4489 && refs.longitude == -70.6693)
  }

  @Test func noFixAndZerosLocateNothingButAStaleFixDoes() {
    let none = FLIRGPSRecord.decode(Self.gpsRecord(valid: 0, latitude: 0, longitude: 0))
    #expect(!none.locates && none.unknownLayout == nil)
    let stale = FLIRGPSRecord.decode(Self.gpsRecord(valid: 0, latitude: 59.3293, longitude: 18.0686))
    #expect(stale.latitude == 59.3293 && stale.longitude == 18.0686)
    let garbage = FLIRGPSRecord.decode(Self.gpsRecord(valid: 0, latitude: .nan, longitude: 1e300))
    #expect(!garbage.locates)
    // A valid fix at 0, 0 is coordinates, as ExifTool shows them.
    let zero = FLIRGPSRecord.decode(Self.gpsRecord(valid: 1, latitude: 0, longitude: 0))
    #expect(zero.latitude == 0 && zero.longitude == 0)
  }

  @Test func aValidRecordThatHoldsNoDegreesIsUnreadableGPS() {
    let c = FLIRGPSRecord.decode(Self.gpsRecord(latitude: .nan, longitude: 18))
    #expect(c.latitude == nil && c.locates)
    #expect(c.unreadable == "FLIR GPSLatitude/GPSLongitude hold no degrees (latitude out of range or not a number)")
  }

  @Test func unknownLayouts() {
    let short = FLIRGPSRecord.decode(Array(Self.gpsRecord(latitude: 1, longitude: 2).prefix(16)))
    #expect(short.unknownLayout == "the FLIR GPS record has 16 bytes, fewer than the 32 of the documented layout")
    #expect(!short.locates)
    let noAltitude = FLIRGPSRecord.decode(Self.gpsRecord(latitude: 1, longitude: 2, length: 0x20))
    #expect(noAltitude.latitude == 1 && noAltitude.altitude == nil && noAltitude.unknownLayout == nil)
    let odd = FLIRGPSRecord.decode(Self.gpsRecord(valid: 7, latitude: 1, longitude: 2))
    #expect(odd.unknownLayout == "the FLIR GPS record's GPSValid is 7 (documented: 0 or 1)")
    #expect(odd.latitude == 1 && odd.longitude == 2)
  }

  // MARK: - In a JPEG

  @Test func aJPEGsFLIRPositionIsGPSOfTheFile() throws {
    let data = Self.fff([Self.other, (0x2B, Self.gpsRecord(latitude: 59.3293, longitude: 18.0686))])
    let bytes = Self.jpeg(data)
    let m = Self.inspect(bytes)
    let fix = try #require(m.gps.first)
    #expect(m.gps.count == 1 && m.incomplete.isEmpty)
    #expect(fix.path.description == "flir" && fix.carrier == .flir && fix.tag == "FLIR:GPSLatitude/GPSLongitude")
    #expect(fix.latitude == 59.3293 && fix.longitude == 18.0686 && fix.altitude == 20.5)
    // The record starts at FFF offset 0x40 + 2 × 0x20 + 8 = 136: in chunk 3 (128..<192), 8 bytes
    // in; chunk 3's data starts after SOI (2), two segments of 4 + 5 + 3 + 64 bytes, and its
    // own 4 + 5 + 3 header bytes.
    #expect(fix.offset == 2 + 2 * 76 + 12 + 8)
    #expect(bytes[fix.offset!] == 1)  // GPSValid
    #expect(m.carriers.filter { $0.kind == .flir }.count == 4)
    #expect(m.tags.filter { $0.group == "FLIR" }.map(\.name) == ["GPSValid", "GPSLatitude", "GPSLongitude", "GPSAltitude"])
  }

  @Test func whatCannotBeReadIsIncomplete() throws {
    let gps: (type: UInt16, data: [UInt8]) = (0x2B, Self.gpsRecord(latitude: 59.3293, longitude: 18.0686))
    let missing = Self.inspect(Self.jpeg(Self.fff([Self.other, gps]), drop: 1))
    #expect(missing.gps.isEmpty)
    #expect(missing.incomplete == [IncompleteCheck(scope: "flir", reason: "FLIR APP1 at byte 11: FLIR APP1 chunk(s) 2 of 4 are missing; no FFF record was read")])
    let outside = Self.inspect(Self.jpeg(Self.fff([Self.other, gps], outside: [1])))
    #expect(outside.incomplete.map(\.reason) == ["FLIR APP1 at byte 11: the GPS record (104 bytes at offset 2147418112) lies outside the 136 bytes of FFF data; the position it may hold was not read"])
    let version = Self.inspect(Self.jpeg(Self.fff([gps], version: 7)))
    #expect(version.incomplete.map(\.reason) == ["FLIR APP1 at byte 11: the FFF header gives format version 7 in either byte order (known: 100–199); no FFF record was read"])
    let short = Self.inspect(Self.jpeg(Self.fff([(0x2B, Array(gps.data.prefix(16)))])))
    #expect(short.incomplete.map(\.reason) == ["FLIR APP1 at byte 11: the FLIR GPS record has 16 bytes, fewer than the 32 of the documented layout; the GPS record was not fully read"])
    #expect(short.gps.isEmpty && short.gpsWithoutCoordinates.count == 1)
  }

  @Test func aStaleFixIsNamedAndNoFixIsInfo() throws {
    let stale = Self.inspect(Self.jpeg(Self.fff([(0x2B, Self.gpsRecord(valid: 0, latitude: 1.5, longitude: 2.5))])))
    #expect(stale.gps.first?.tag == "FLIR:GPSLatitude/GPSLongitude (GPSValid 0)")
    let none = Self.inspect(Self.jpeg(Self.fff([(0x2B, Self.gpsRecord(valid: 0, latitude: 0, longitude: 0))])))
    #expect(none.gps.isEmpty && none.gpsWithoutCoordinates.map(\.path.description) == ["flir"])
    let noRecord = Self.inspect(Self.jpeg(Self.fff([Self.other])))
    #expect(noRecord.gps.isEmpty && noRecord.gpsWithoutCoordinates.isEmpty && noRecord.incomplete.isEmpty)
  }

  /// A TIFF block with a GPS IFD (59°19'45.48" N, 18°4'16.96" E) in a record no decoder reads.
  static func gpsTIFF() -> [UInt8] {
    var t = TIFFBuilder()
    t.gps = [TIFFBuilder.ascii(0x0001, "N"), TIFFBuilder.rationals(0x0002, [(59, 1), (19, 1), (4548, 100)]),
             TIFFBuilder.ascii(0x0003, "E"), TIFFBuilder.rationals(0x0004, [(18, 1), (4, 1), (1696, 100)])]
    return t.build()
  }

  /// The sweep searches the FFF data joined: a TIFF GPS block cut by a chunk boundary is found
  /// (in no one segment is it whole), once; when the chunks do not join, each chunk alone.
  @Test func theJoinedDataIsSweptOnce() throws {
    let tiff = Self.gpsTIFF()
    let data = Self.fff([(0x27, tiff)])  // the record starts at 0x40 + 0x20 = 96
    for size in [120, 4000] {  // cut at 120, inside the block; or one chunk
      let m = Self.inspect(Self.jpeg(data, size: size))
      let raw = m.gps.filter { $0.carrier == .rawBytes }
      #expect(raw.count == 1, "chunk size \(size): \(raw)")
      let lat = try #require(raw.first?.latitude)
      #expect(abs(lat - (59 + 19 / 60.0 + 45.48 / 3600)) < 1e-6)
      #expect(raw.first?.signature?.revealed.contains("FLIR FFF data in") == true)
    }
    // A chunk missing: the chunks are searched one by one (the block lies in the second of three).
    let padded = Self.fff([(0x27, [UInt8](repeating: 0, count: 200) + tiff)])
    let m = Self.inspect(Self.jpeg(padded, size: 290, drop: 0))
    #expect(m.incomplete.map(\.scope) == ["flir"])
    #expect(m.gps.filter { $0.carrier == .rawBytes }.count == 1)
  }

  /// Every prefix and a deterministic set of byte changes of a FLIR JPEG: never a trap, and a
  /// position is only ever reported from a record that reads as one.
  @Test func truncatedAndMutatedFLIRDataNeverTraps() {
    let data = Self.fff([Self.other, (0x2B, Self.gpsRecord(latitude: 59.3293, longitude: 18.0686))])
    let bytes = Self.jpeg(data, size: 50)
    for n in stride(from: 0, through: bytes.count, by: 1) {
      let m = Self.inspect(Array(bytes.prefix(n)))
      for fix in m.gps where fix.carrier == .flir { #expect(fix.latitude == 59.3293 || fix.unreadable != nil) }
    }
    var rng = SplitMix64(seed: 25)
    for _ in 0..<2000 {
      var mutated = data
      for _ in 0..<(1 + Int(rng.next() % 4)) {
        let at = Int(rng.next() % UInt64(mutated.count))
        mutated[at] = UInt8(truncatingIfNeeded: rng.next())
      }
      _ = try? FFFDirectory.read(mutated)
      _ = FLIRGPSRecord.decode(Array(mutated.suffix(0x68)))
      _ = Self.inspect(Self.jpeg(mutated, size: 1 + Int(rng.next() % 90)))
      var payloads = Self.chunks(mutated, size: 40)
      payloads[Int(rng.next() % UInt64(payloads.count))][Int(rng.next() % 3)] = UInt8(truncatingIfNeeded: rng.next())
      _ = FLIRChunks.assemble(payloads)
    }
  }

  // MARK: - The corpus

  /// ExifTool's FLIR.jpg (a FLIR i7): one APP1 chunk, an FFF directory of 14 entries, four of
  /// them records (MeasurementInfo 0x21, PaletteInfo 0x22, CameraInfo 0x20, RawData 0x01) and
  /// no GPS record — read in full, nothing reported for FLIR; ExifTool shows no FLIR GPS either.
  @Test(.enabled(if: SharedCorpus.isAvailable, SharedCorpus.skipMessage))
  func exifToolsFLIRSampleIsReadWhole() throws {
    let path = SharedCorpus.root.appendingPathComponent("exiftool-t-images/FLIR.jpg").path
    let m = Inspector.inspect(path: path)
    let chunks = m.carriers.filter { $0.kind == .flir }
    #expect(chunks.count == 1)
    let joined = FLIRChunks.assemble(chunks.map(\.payload))
    let directory = try FFFDirectory.read(try #require(joined.data))
    #expect(directory.bigEndian && directory.version == 100)
    #expect(directory.records.map(\.type) == [0x21, 0x22, 0x20, 0x01])
    #expect(directory.records.allSatisfy { $0.range != nil })
    #expect(!m.incomplete.contains { $0.scope.hasPrefix("flir") })
    #expect(m.gps.isEmpty && m.gpsWithoutCoordinates.isEmpty)
    #expect(SharedCorpus.oracle("exiftool-t-images/FLIR.jpg").keys.filter { $0.hasPrefix("FLIR:GPS") }.isEmpty)
  }
}
