/// JPEG marker codes and their classes. [ITU-T T.81 B.1.1.3, table B.1]
public enum JPEGMarker {
  public static let soi: UInt8 = 0xD8
  public static let eoi: UInt8 = 0xD9
  public static let sos: UInt8 = 0xDA
  public static let dqt: UInt8 = 0xDB
  public static let dri: UInt8 = 0xDD
  public static let dht: UInt8 = 0xC4
  public static let com: UInt8 = 0xFE
  public static let app0: UInt8 = 0xE0

  /// Markers that stand alone, with no length field: TEM, RST0–7, SOI, EOI.
  public static func isStandalone(_ m: UInt8) -> Bool { m == 0x01 || (0xD0...0xD9).contains(m) }

  /// Start-of-frame markers SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC).
  public static func isStartOfFrame(_ m: UInt8) -> Bool {
    (0xC0...0xCF).contains(m) && m != 0xC4 && m != 0xC8 && m != 0xCC
  }

  /// Progressive frames: SOF2, SOF6, SOF10, SOF14.
  public static func isProgressive(_ m: UInt8) -> Bool { [0xC2, 0xC6, 0xCA, 0xCE].contains(m) }

  /// APP0–APP15.
  public static func isApplication(_ m: UInt8) -> Bool { (0xE0...0xEF).contains(m) }

  /// A short name for messages and maps ("APP1", "SOF0", "DQT").
  public static func name(_ m: UInt8) -> String {
    switch m {
    case soi: "SOI"
    case eoi: "EOI"
    case sos: "SOS"
    case dqt: "DQT"
    case dht: "DHT"
    case dri: "DRI"
    case com: "COM"
    case 0xCC: "DAC"
    case 0xDC: "DNL"
    case 0xD0...0xD7: "RST\(m - 0xD0)"
    case 0xE0...0xEF: "APP\(m - 0xE0)"
    case _ where isStartOfFrame(m): "SOF\(m - 0xC0)"
    default: String(format: "marker 0x%02X", m)
    }
  }
}

import Foundation
