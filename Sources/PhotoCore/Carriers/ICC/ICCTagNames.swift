/// ICC tag signatures → ExifTool tag names (group "ICC_Profile"). Tags are data.
/// [ICC.1:2010 9.2 (tag list); ExifTool ICC_Profile.pm %Main]
enum ICCTagNames {
  static let bySignature: [String: String] = [
    "A2B0": "AToB0", "A2B1": "AToB1", "A2B2": "AToB2", "A2B3": "AToB3",
    "B2A0": "BToA0", "B2A1": "BToA1", "B2A2": "BToA2", "B2A3": "BToA3",
    "B2D0": "BToD0", "B2D1": "BToD1", "B2D2": "BToD2", "B2D3": "BToD3",
    "D2B0": "DToB0", "D2B1": "DToB1", "D2B2": "DToB2", "D2B3": "DToB3",
    "bXYZ": "BlueMatrixColumn", "gXYZ": "GreenMatrixColumn", "rXYZ": "RedMatrixColumn",
    "bTRC": "BlueTRC", "gTRC": "GreenTRC", "rTRC": "RedTRC", "kTRC": "GrayTRC",
    "calt": "CalibrationDateTime", "targ": "CharTarget", "chad": "ChromaticAdaptation",
    "chrm": "Chromaticity", "clro": "ColorantOrder", "clrt": "ColorantTable", "clot": "ColorantTableOut",
    "cprt": "ProfileCopyright", "crdi": "CRDInfo", "dmnd": "DeviceMfgDesc", "dmdd": "DeviceModelDesc",
    "devs": "DeviceSettings", "gamt": "Gamut", "lumi": "Luminance", "meas": "Measurement",
    "bkpt": "MediaBlackPoint", "wtpt": "MediaWhitePoint", "ncol": "NamedColor", "ncl2": "NamedColor2",
    "resp": "OutputResponse", "pre0": "Preview0", "pre1": "Preview1", "pre2": "Preview2",
    "desc": "ProfileDescription", "pseq": "ProfileSequenceDesc", "psd0": "PostScript2CRD0",
    "psd1": "PostScript2CRD1", "psd2": "PostScript2CRD2", "psd3": "PostScript2CRD3",
    "ps2s": "PostScript2CSA", "ps2i": "PS2RenderingIntent", "scrd": "ScreeningDesc", "scrn": "Screening",
    "bfd ": "UCRBG", "tech": "Technology", "vued": "ViewingCondDesc", "view": "ViewingConditions",
    "ciis": "ColorimetricIntentImageState", "scoe": "SceneColorimetryEstimates",
    "sape": "SceneAppearanceEstimates", "fpce": "FocalPlaneColorimetryEstimates",
    "rhoc": "ReflectionHardcopyOrigColorimetry", "rpoc": "ReflectionPrintOutputColorimetry",
    "psid": "ProfileSequenceIdentifier", "rig0": "PerceptualRenderingIntentGamut",
    "rig2": "SaturationRenderingIntentGamut", "meta": "Metadata", "cicp": "CICP",
    "psvm": "PS2CRDVMSize", "vcgt": "VideoCardGamma", "mmod": "MakeAndModel",
    "dscm": "ProfileDescriptionML", "ndin": "NativeDisplayInfo", "MS00": "WCSProfiles",
    "csnm": "ColorSpaceName", "cept": "ColorEncodingParams",
  ]

  /// The ExifTool name for a tag signature; unknown ones become "ICC_<sig>".
  package static func name(_ signature: String) -> String {
    if let known = bySignature[signature] { return known }
    let cleaned = signature.filter { $0.isLetter || $0.isNumber }
    return "ICC_" + (cleaned.isEmpty ? "Unknown" : cleaned)
  }
}
