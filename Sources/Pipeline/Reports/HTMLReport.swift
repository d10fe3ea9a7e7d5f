import Bytes
import Foundation

/// `report.html`: one self-contained page (no external assets) a reviewer opens first. A header
/// (tool version, date, command line, totals by severity); filters by finding, starting on
/// "with findings" when there are any; then one card per output, errors first, with the output
/// as displayed — and, for a thumbnail leak (PA005) under `--reveal`, the embedded thumbnail
/// beside it — the verdicts and the findings. Pictures of originals are never shown (SPEC
/// "Reports never spread the leak": an original is what the pipeline had to hide); the page
/// names them. The layout reflows down to a phone's width (420 px).
public enum HTMLReport {
  /// What the page says about the run that made it.
  public struct Context: Sendable {
    /// "photoaudit 0.2.0".
    public var tool: String
    /// When the report was written ("2025-01-01 10:20 UTC").
    public var date: String
    /// The command line, as a shell would take it.
    public var commandLine: String
    public init(tool: String, date: String, commandLine: String) {
      self.tool = tool
      self.date = date
      self.commandLine = commandLine
    }
  }

  /// `thumbnails` maps an output path to a `data:` URI of its picture as displayed (an original's
  /// is never shown, even if given); `embeddedThumbnails` maps an output path to its embedded
  /// (EXIF) thumbnail as displayed. With `figures` false (`--no-thumbnails`) no picture at all.
  public static func render(_ report: AuditReport, thumbnails: [String: String], embeddedThumbnails: [String: String] = [:],
                            context: Context, figures: Bool = true) -> String {
    let e = SafeText.html
    let withFindings = report.files.filter { !$0.findings.isEmpty }.count
    let startOnProblems = withFindings > 0
    var out = """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
      <title>photoaudit \(e(report.command))</title>
      <style>\(style)</style></head><body>
      <header><h1>photoaudit \(e(report.command))</h1>
      <dl class="meta"><dt>tool</dt><dd id="tool">\(e(context.tool))</dd><dt>date</dt><dd id="date">\(e(context.date))</dd>
      <dt>command</dt><dd><code id="command">\(e(context.commandLine))</code></dd></dl>
      <div class="totals" id="summary"><span class="sev-error">\(ReportText.plural(report.count(.error), "error"))</span>, <span class="sev-warning">\(ReportText.plural(report.count(.warning), "warning"))</span>, <span class="sev-info">\(report.count(.info)) info</span> in \(ReportText.plural(report.files.count, "file")) (\(ReportText.plural(report.files.filter { $0.original != nil }.count, "pair")))</div>
      </header>
      <nav class="filters">Show: <button\(startOnProblems ? "" : " class=\"on\"") data-filter="all">all (\(report.files.count))</button><button\(startOnProblems ? " class=\"on\"" : "") data-filter="problem">with findings (\(withFindings))</button>
      """
    for id in report.ids {
      let n = report.files.filter { $0.findings.contains { $0.id == id } }.count
      out += "<button data-filter=\"\(id.rawValue)\">\(id.rawValue) \(e(id.name)) (\(n))</button>"
    }
    out += "</nav>\n<main>\n"
    for file in ReportText.errorsFirst(report.files) {
      out += card(file, hidden: startOnProblems && file.findings.isEmpty, thumbnails: figures ? thumbnails : nil,
                  embedded: figures ? embeddedThumbnails[file.output] : nil)
    }
    for original in report.unpairedOriginals { out += "<p class=\"unpaired\">no output for original \(e(original))</p>\n" }
    out += "</main>\n<script>\(script)</script>\n</body></html>\n"
    return out
  }

  /// One output's card: its figures (none when `thumbnails` is nil), then the details.
  static func card(_ file: FileReport, hidden: Bool, thumbnails: [String: String]?, embedded: String?) -> String {
    let e = SafeText.html
    let severity = file.worst?.rawValue ?? "ok"
    let findingIDs = file.findings.map(\.id.rawValue).uniqued().joined(separator: " ")
    var out = "<section class=\"pair \(severity)\(hidden ? " off" : "")\" data-severity=\"\(severity)\" data-findings=\"\(findingIDs)\">\n"
    if let thumbnails {
      out += "<div class=\"figures\">\n"
      out += figure(file.output, label: "output (as displayed)", thumbnails: thumbnails,
                    missing: file.format?.isVideo == true ? "a video: not decoded" : file.format?.isSidecar == true ? "a sidecar: no pixels" : "not decodable")
      if let embedded, file.findings.contains(where: { $0.id == .thumbnailLeak }) {
        out += "<figure class=\"embedded\"><img alt=\"embedded thumbnail\" src=\"\(embedded)\"><figcaption>embedded thumbnail (as displayed)</figcaption></figure>\n"
      }
      out += "</div>\n"
    }
    out += "<div class=\"details\"><h2><span class=\"verdict-\(severity)\">\(ReportText.verdict(file))</span> \(e(file.output))</h2>\n"
    if let original = file.original { out += "<div class=\"path\">original: \(e(original))</div>\n" }
    if let video = file.livePhotoVideo { out += "<div class=\"path live-photo\">Live Photo video: \(e(video))</div>\n" }
    for sidecar in file.sidecars { out += "<div class=\"path sidecar\">sidecar: \(e(sidecar))</div>\n" }
    if let v = file.orientationSummary { out += "<div class=\"verdict\">orientation: \(e(v))</div>\n" }
    if let c = file.pixels?.crop, !c.matches { out += "<div class=\"verdict\">crop: does not match</div>\n" }
    out += "<div class=\"verdict\">GPS: \(file.gpsCarriers.isEmpty ? "none" : e(file.gpsCarriers.joined(separator: ", ")))</div>\n"
    if file.findings.isEmpty { out += "<div class=\"finding\">no findings</div>\n" }
    for f in file.findings {
      out += "<div class=\"finding\" data-id=\"\(f.id.rawValue)\"><span class=\"sev-\(f.severity.rawValue)\">\(f.id.rawValue) \(f.severity.rawValue)</span> \(e(f.id.name)): \(e(f.evidence))</div>\n"
    }
    return out + "</div></section>\n"
  }

  static func figure(_ path: String, label: String, thumbnails: [String: String], missing: String = "not decodable") -> String {
    guard let uri = thumbnails[path] else {
      return "<figure><div class=\"missing\">\(missing)</div><figcaption>\(label)</figcaption></figure>\n"
    }
    return "<figure><img alt=\"\(SafeText.html(label))\" src=\"\(uri)\"><figcaption>\(label)</figcaption></figure>\n"
  }

  package static let style = """
    body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222}
    h1{font-size:1.3em;margin:0 0 .3em} header{border-bottom:1px solid #ddd;padding-bottom:.6em;margin-bottom:.8em}
    .meta{display:grid;grid-template-columns:max-content 1fr;gap:.1em .8em;margin:.3em 0;color:#444}
    .meta dt{font-weight:600} .meta dd{margin:0;min-width:0;overflow-wrap:anywhere}
    .totals{font-size:1.1em;margin-top:.4em}
    .filters button{margin:0 .3em .3em 0;padding:.2em .6em;border:1px solid #999;border-radius:4px;background:#f4f4f4;cursor:pointer}
    .filters button.on{background:#333;color:#fff}
    .pair{border:1px solid #ddd;border-radius:6px;padding:.8em;margin:.8em 0;display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start}
    .pair.off{display:none}
    .pair.error{border-left:6px solid #c0392b} .pair.warning{border-left:6px solid #e69b00} .pair.info,.pair.ok{border-left:6px solid #27ae60}
    .figures{display:flex;flex-wrap:wrap;gap:.8em}
    figure{margin:0;text-align:center;font-size:12px;color:#555;max-width:180px} figure img{max-width:100%;max-height:180px;border:1px solid #ccc;background:#eee}
    figure.embedded img{outline:3px solid #c0392b}
    .missing{width:120px;height:90px;display:flex;align-items:center;justify-content:center;border:1px dashed #bbb;color:#999}
    .details{flex:1 1 260px;min-width:0} .details h2{font-size:1em;margin:0 0 .4em;overflow-wrap:anywhere}
    .path,.finding,.verdict{overflow-wrap:anywhere}
    .finding{margin:.2em 0} .sev-error,.verdict-error{color:#c0392b;font-weight:600} .sev-warning,.verdict-warning{color:#b57a00;font-weight:600}
    .sev-info,.verdict-info{color:#555} .verdict-ok{color:#27ae60;font-weight:600}
    .verdict{color:#333;margin:.2em 0}
    @media (max-width:600px){body{margin:.6em} figure{max-width:120px} .pair{padding:.5em;gap:.6em}}
    """

  package static let script = """
    window.addEventListener('load',function(){var imgs=Array.from(document.images);var b=document.body.dataset;
      b.imagesLoaded=imgs.filter(function(i){return i.complete&&i.naturalWidth>0}).length;
      b.pairs=document.querySelectorAll('.pair').length;
      b.findings=document.querySelectorAll('.finding[data-id]').length;
      b.order=Array.from(document.querySelectorAll('.pair')).map(function(p){return p.dataset.severity}).join(' ');
      b.shown=document.querySelectorAll('.pair:not(.off)').length;
      b.filter=document.querySelector('.filters button.on').dataset.filter;
      b.overflow=document.documentElement.scrollWidth>window.innerWidth?'yes':'no';});
    document.querySelectorAll('.filters button').forEach(function(b){b.addEventListener('click',function(){
      document.querySelectorAll('.filters button').forEach(function(x){x.classList.remove('on')});b.classList.add('on');
      var f=b.dataset.filter;document.querySelectorAll('.pair').forEach(function(p){
        var ids=p.dataset.findings.split(' ').filter(Boolean);
        p.classList.toggle('off',!(f==='all'||(f==='problem'&&ids.length>0)||ids.indexOf(f)>=0));});});});
    """
}
