import CAdw
import IsletAppModel

/// The Fast page's ring (issue 45, 53), as the fasting apps draw it: a track, an arc that
/// fills toward the goal from the top, clockwise, in the style's accent colour, its success
/// colour once the goal is reached; with stages shown, the track is the stages' zones, each in a
/// colour of the style's palette; without a goal, the arc goes round a day's 24 hours. Every
/// colour is looked up in the style (light, dark, high contrast). Drawn with cairo in a
/// GtkDrawingArea whose accessible role is a progress bar, its state said in words (its name):
/// a screen reader hears "20 percent of the goal of 16 hours, 3 hours 12 minutes fasted".
final class FastRing {
    let root: UnsafeMutablePointer<GtkWidget>
    private let drawing = Drawing()
    private var said = ""

    /// What the draw function reads.
    final class Drawing {
        var progress: Double?
        var dayProgress: Double?
        var reached = false
        var marks: [Double] = []
    }

    static let size: Int32 = 260
    /// The stages' zones, in libadwaita's palette, one colour a stage.
    static let stageColours = ["green_3", "yellow_4", "orange_3", "red_3", "purple_3"]

    init() {
        root = drawingArea(role: GTK_ACCESSIBLE_ROLE_PROGRESS_BAR)
        gtk_widget_set_size_request(root, FastRing.size, FastRing.size)
        gtk_widget_set_halign(root, GTK_ALIGN_CENTER)
        let draw: @convention(c) (UnsafeMutablePointer<GtkDrawingArea>?, OpaquePointer?, Int32, Int32, gpointer?) -> Void = { area, cr, width, height, data in
            guard let data, let cr else { return }
            let drawing = Unmanaged<Drawing>.fromOpaque(data).takeUnretainedValue()
            FastRing.draw(drawing, on: cr, width: Double(width), height: Double(height), widget: UnsafeMutableRawPointer(area))
        }
        let release: @convention(c) (gpointer?) -> Void = { data in
            if let data { Unmanaged<Drawing>.fromOpaque(data).release() }
        }
        gtk_drawing_area_set_draw_func(cast(root), draw, Unmanaged.passRetained(drawing).toOpaque(), release)
    }

    func show(_ page: FastModel) {
        // Redrawn only when the arc moves by a step one can see (a 2000th of the ring, under a
        // pixel at its size): once a minute or so through a 16-hour goal, not each second.
        let progress = page.progress.map(Self.step)
        let dayProgress = page.dayProgress.map(Self.step)
        let changed =
            drawing.progress != progress || drawing.dayProgress != dayProgress || drawing.reached != page.goalReached
            || drawing.marks != page.stageMarks
        drawing.progress = progress
        drawing.dayProgress = dayProgress
        drawing.reached = page.goalReached
        drawing.marks = page.stageMarks
        if page.ringDescription != said {
            said = page.ringDescription
            setAccessibleLabel(root, said)
        }
        if changed { gtk_widget_queue_draw(root) }
    }

    private static func step(_ share: Double) -> Double { (share * 2000).rounded(.down) / 2000 }

    private static func draw(_ drawing: Drawing, on cr: OpaquePointer, width: Double, height: Double, widget: UnsafeMutableRawPointer?) {
        let context = widget.map { gtk_widget_get_style_context($0.assumingMemoryBound(to: GtkWidget.self)) }
        var ink = GdkRGBA(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
        if let context { gtk_style_context_get_color(context, &ink) }
        /// A named colour of the style (libadwaita's accent, success and palette colours).
        func named(_ name: String, or fallback: GdkRGBA) -> GdkRGBA {
            var colour = GdkRGBA()
            guard let context, gtk_style_context_lookup_color(context, name, &colour) != 0 else { return fallback }
            return colour
        }
        func use(_ colour: GdkRGBA, alpha: Double = 1) { cairo_set_source_rgba(cr, colour.red.d, colour.green.d, colour.blue.d, colour.alpha.d * alpha) }
        let line = 14.0
        let radius = min(width, height) / 2 - line / 2 - 2
        let (cx, cy) = (width / 2, height / 2)
        let top = -Double.pi / 2
        func arc(from start: Double, to end: Double) {
            cairo_arc(cr, cx, cy, radius, top + 2 * Double.pi * start, top + 2 * Double.pi * end)
            cairo_stroke(cr)
        }
        cairo_set_line_width(cr, line)
        // The track: plain, or the stages' zones.
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        if drawing.marks.isEmpty || drawing.progress == nil {
            use(ink, alpha: 0.12)
            arc(from: 0, to: 1)
        } else {
            let bounds = [0] + drawing.marks + [1]
            for index in 0..<(bounds.count - 1) {
                use(named(stageColours[index % stageColours.count], or: ink), alpha: 0.55)
                arc(from: bounds[index], to: bounds[index + 1])
            }
        }
        // The arc, narrower over zones so that the stage under it still shows.
        cairo_set_line_width(cr, drawing.marks.isEmpty ? line : line * 0.5)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        let accent = named("accent_bg_color", or: GdkRGBA(red: 0.21, green: 0.52, blue: 0.89, alpha: 1))
        if let progress = drawing.progress, progress > 0 {
            use(drawing.reached ? named("success_bg_color", or: GdkRGBA(red: 0.18, green: 0.76, blue: 0.49, alpha: 1)) : accent)
            arc(from: 0, to: min(1, progress))
        } else if let day = drawing.dayProgress, day > 0 {
            use(accent, alpha: 0.7)
            arc(from: 0, to: day)
        }
    }
}
