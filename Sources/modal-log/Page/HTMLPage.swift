/// The page ``HTMLExporter`` fills in: `@@TITLE@@` with the log's name,
/// `@@DATA@@` with its data (the JSON of `header`, `largest`, `shapes`,
/// `values` and `steps`). Its script draws the state and the event list from the data;
/// it reads nothing else and puts every name in the page as text.
///
/// What it draws, in points of the root's size times one scale for the
/// whole page (the largest at which the largest root the page shows fits the
/// stage, at most 0.6), so a frame keeps its size from event to event:
/// - the root's `keyboardOffset` (no more than its height) lifts sheets,
///   cards, custom modals and alerts, and the keyboard is drawn at the
///   bottom when its height is above 0;
/// - a sheet, card or custom modal is as wide as its root and as high as
///   its top card's `height`, or else its snap position's fraction of the
///   root's height (a fractional position between two points, 0 at -1),
///   and no higher than the room above the lift;
/// - an alert is 270 × 150 (less in a small root), centred in the room
///   above the lift; a toast 64 high near the top, inset from the sides; a
///   full-screen modal the whole root; every box lies inside its frame;
/// - the dimming lies just under the topmost modal that is not dismissing,
///   exactly when the state's `dimming.visible` is true;
/// - queued modals wait under the frame, not in it.
///
/// Its sources are `page.html`, `page.css` and `page.js` beside this file,
/// compiled into the tool (SwiftPM's `.embedInCode`): the exported page is
/// one file that needs nothing beside it, and so is the tool. `page.html`
/// links the other two, so each is edited as what it is; here they are put
/// in place of their links.
enum HTMLPage {
    static let template: String = {
        let html = String(decoding: PackageResources.page_html, as: UTF8.self)
        let css = String(decoding: PackageResources.page_css, as: UTF8.self)
        let script = String(decoding: PackageResources.page_js, as: UTF8.self)
        return html.replacing(stylesheetLink, with: "<style>\n\(css)</style>")
            .replacing(scriptLink, with: "<script>\n\(script)</script>")
    }()

    /// The lines of `page.html` that name its stylesheet and script.
    static let stylesheetLink = #"<link rel="stylesheet" href="page.css">"#
    static let scriptLink = #"<script src="page.js"></script>"#
}
