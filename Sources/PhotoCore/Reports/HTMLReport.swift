/// `report.html`: one self-contained page (no external assets) with, for each output, the
/// original as displayed and the output side by side as small thumbnails, the verdicts and the
/// findings, and filters by finding.
public enum HTMLReport {
  /// `thumbnails` maps a file path to a `data:` URI of its picture as displayed.
  public static func render(_ report: AuditReport, thumbnails: [String: String]) -> String {
    let e = JUnitReport.escape
    var ids = report.countsByID.map { $0.0 }
    ids.sort { $0.rawValue < $1.rawValue }
    var out = """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><title>photoaudit \(e(report.command))</title>
      <style>
      body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222}
      h1{font-size:1.3em} .summary{margin-bottom:1em}
      .filters button{margin:0 .3em .3em 0;padding:.2em .6em;border:1px solid #999;border-radius:4px;background:#f4f4f4;cursor:pointer}
      .filters button.on{background:#333;color:#fff}
      .pair{border:1px solid #ddd;border-radius:6px;padding:.8em;margin:.8em 0;display:flex;gap:1em;align-items:flex-start}
      .pair.error{border-left:6px solid #c0392b} .pair.warning{border-left:6px solid #e69b00} .pair.ok{border-left:6px solid #27ae60}
      figure{margin:0;text-align:center;font-size:12px;color:#555} figure img{max-width:180px;max-height:180px;border:1px solid #ccc;background:#eee}
      .missing{width:120px;height:90px;display:flex;align-items:center;justify-content:center;border:1px dashed #bbb;color:#999}
      .details{flex:1} .details h2{font-size:1em;margin:0 0 .4em;word-break:break-all}
      .finding{margin:.2em 0} .sev-error{color:#c0392b;font-weight:600} .sev-warning{color:#b57a00;font-weight:600} .sev-info{color:#555}
      .verdict{color:#333;margin:.2em 0}
      </style></head><body>
      <h1>photoaudit \(e(report.command))</h1>
      <div class="summary" id="summary">\(e(ReportText.summaryLine(report)))</div>
      <div class="filters">Show: <button class="on" data-filter="all">all</button><button data-filter="problem">with findings</button>
      """
    for id in ids { out += "<button data-filter=\"\(id.rawValue)\">\(id.rawValue) \(e(id.name))</button>" }
    out += "</div>\n"
    for file in report.files {
      let state = file.worst.map { $0 == .info ? "ok" : $0.rawValue } ?? "ok"
      let findingIDs = file.findings.map(\.id.rawValue).uniqued().joined(separator: " ")
      out += "<section class=\"pair \(state)\" data-findings=\"\(findingIDs)\">\n"
      out += figure(file.original, label: "original (as displayed)", thumbnails: thumbnails)
      out += figure(file.output, label: "output (as displayed)", thumbnails: thumbnails)
      out += "<div class=\"details\"><h2>\(e(file.output))</h2>\n"
      if let original = file.original { out += "<div>original: \(e(original))</div>\n" }
      if let v = file.pixels?.orientation { out += "<div class=\"verdict\">orientation: \(e(v.summary))</div>\n" }
      if let c = file.pixels?.crop, !c.matches { out += "<div class=\"verdict\">crop: does not match</div>\n" }
      out += "<div class=\"verdict\">GPS: \(file.gpsCarriers.isEmpty ? "none" : e(file.gpsCarriers.joined(separator: ", ")))</div>\n"
      if file.findings.isEmpty { out += "<div class=\"finding\">no findings</div>\n" }
      for f in file.findings {
        out += "<div class=\"finding\" data-id=\"\(f.id.rawValue)\"><span class=\"sev-\(f.severity.rawValue)\">\(f.id.rawValue) \(f.severity.rawValue)</span> \(e(f.id.name)): \(e(f.evidence))</div>\n"
      }
      out += "</div></section>\n"
    }
    for original in report.unpairedOriginals { out += "<p class=\"unpaired\">no output for original \(e(original))</p>\n" }
    out += """
      <script>
      window.addEventListener('load',function(){var imgs=Array.from(document.images);
        document.body.dataset.imagesLoaded=imgs.filter(function(i){return i.complete&&i.naturalWidth>0}).length;
        document.body.dataset.pairs=document.querySelectorAll('.pair').length;
        document.body.dataset.findings=document.querySelectorAll('.finding[data-id]').length;});
      document.querySelectorAll('.filters button').forEach(function(b){b.addEventListener('click',function(){
        document.querySelectorAll('.filters button').forEach(function(x){x.classList.remove('on')});b.classList.add('on');
        var f=b.dataset.filter;document.querySelectorAll('.pair').forEach(function(p){
          var ids=p.dataset.findings.split(' ').filter(Boolean);
          p.style.display=(f==='all'||(f==='problem'&&ids.length>0)||ids.indexOf(f)>=0)?'':'none';});});});
      </script>
      </body></html>

      """
    return out
  }

  static func figure(_ path: String?, label: String, thumbnails: [String: String]) -> String {
    guard let path else { return "<figure><div class=\"missing\">no original</div><figcaption>\(label)</figcaption></figure>\n" }
    guard let uri = thumbnails[path] else {
      return "<figure><div class=\"missing\">not decodable</div><figcaption>\(label)</figcaption></figure>\n"
    }
    return "<figure><img alt=\"\(JUnitReport.escape(label))\" src=\"\(uri)\"><figcaption>\(label)</figcaption></figure>\n"
  }
}
