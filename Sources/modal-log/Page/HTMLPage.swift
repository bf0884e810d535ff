/// The page ``HTMLExporter`` fills in: `@@TITLE@@` with the log's name,
/// `@@DATA@@` with its data, script elements of JSON: `data` (the title,
/// the header, the ``PageOutline`` and the table's shapes), then `steps-K`
/// and `values-K`, the chunks of the steps (``PageSteps``) and of the
/// table of values the page reads as it needs them. Its scripts draw the
/// state and the event list from the data; they read nothing else and put
/// every name in the page as text.
///
/// What it draws (`picture.js` has the rules in full), in points of the
/// root's size times one scale for the whole page (the largest at which the
/// largest root fits the stage beside the outline, at most 0.6):
/// - a device a screen: the roots of one size composed on it by level, so
///   one keyboard and one top mark a device; the device that holds the
///   lowest level first;
/// - a sheet, card or custom modal as wide as its root (5% narrower for
///   each sheet above it, as iOS scales back a sheet stack), as high as its
///   top card's `height` or its snap position, its bottom on the root's
///   `keyboardOffset`; an alert 270 × 150 centred above that offset; a
///   toast 64 high near the top; a full-screen modal the whole root;
/// - each box moved down past the name line of every box under it, so
///   every live modal's name is in view and no two overlap;
/// - content lifted past the top drawn past the screen's edge, in a band
///   marked off-screen; the keyboard over the content, what it covers and
///   the first responder marked;
/// - the dimming just under its root's topmost modal that is not
///   dismissing, exactly when the state's `dimming.visible` is true;
///   queued modals wait under the device.
///
/// Its sources are `page.html`, `page.css`, `picture.js` (the picture and
/// the outline), `inspector.js` (the event and state tabs), `chart.js` (the chart under
/// the slider), `page.js` (the rest) and `live.js` (what a page that
/// `serve` sends does besides) beside this file, compiled into the
/// tool (SwiftPM's `.embedInCode`): the exported page is one file that
/// needs nothing beside it, and so is the tool. `page.html` links the
/// others, so each is edited as what it is; here they are put in place of
/// their links.
enum HTMLPage {
    static let template: String = {
        var html = String(decoding: PackageResources.page_html, as: UTF8.self)
        for (link, file, tag) in links {
            html = html.replacing(link, with: "<\(tag)>\n\(String(decoding: file, as: UTF8.self))</\(tag)>")
        }
        return html
    }()

    /// The lines of `page.html` that name its stylesheet and scripts, each
    /// with the file it names and the element its text goes in.
    static let links: [(link: String, file: [UInt8], tag: String)] = [
        (#"<link rel="stylesheet" href="page.css">"#, PackageResources.page_css, "style"),
        (#"<script src="picture.js"></script>"#, PackageResources.picture_js, "script"),
        (#"<script src="inspector.js"></script>"#, PackageResources.inspector_js, "script"),
        (#"<script src="chart.js"></script>"#, PackageResources.chart_js, "script"),
        (#"<script src="page.js"></script>"#, PackageResources.page_js, "script"),
        (#"<script src="live.js"></script>"#, PackageResources.live_js, "script"),
    ]
}
