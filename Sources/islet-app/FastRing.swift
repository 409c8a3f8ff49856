import CAdw
import IsletAppModel

/// The Fast page's ring (issue 45), as the fasting apps draw it: a track, an arc that fills
/// toward the goal from the top, clockwise, in the accent colour, green once the goal is
/// reached; a tick where each stage begins when stages are shown. Drawn with cairo in a
/// GtkDrawingArea whose accessible role is a progress bar, its state said in words (its name):
/// a screen reader hears "20 percent of the goal of 16 hours, 3 hours 12 minutes fasted".
final class FastRing {
    let root: UnsafeMutablePointer<GtkWidget>
    private let drawing = Drawing()
    private var said = ""

    /// What the draw function reads.
    final class Drawing {
        var progress: Double?
        var reached = false
        var marks: [Double] = []
    }

    static let size: Int32 = 220

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

    func show(_ page: FastPage) {
        let changed = drawing.progress != page.progress || drawing.reached != page.goalReached || drawing.marks != page.stageMarks
        drawing.progress = page.progress
        drawing.reached = page.goalReached
        drawing.marks = page.stageMarks
        if page.ringDescription != said {
            said = page.ringDescription
            setAccessibleLabel(root, said)
        }
        if changed { gtk_widget_queue_draw(root) }
    }

    private static func draw(_ drawing: Drawing, on cr: OpaquePointer, width: Double, height: Double, widget: UnsafeMutableRawPointer?) {
        var ink = GdkRGBA(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
        if let widget {
            gtk_style_context_get_color(gtk_widget_get_style_context(widget.assumingMemoryBound(to: GtkWidget.self)), &ink)
        }
        let line = 14.0
        let radius = min(width, height) / 2 - line / 2 - 2
        let (cx, cy) = (width / 2, height / 2)
        let top = -Double.pi / 2
        cairo_set_line_width(cr, line)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_source_rgba(cr, ink.red.d, ink.green.d, ink.blue.d, 0.12)
        cairo_arc(cr, cx, cy, radius, 0, 2 * Double.pi)
        cairo_stroke(cr)
        if let progress = drawing.progress, progress > 0 {
            if drawing.reached {
                cairo_set_source_rgba(cr, 0.18, 0.76, 0.49, 1)  // libadwaita's green
            } else {
                cairo_set_source_rgba(cr, 0.21, 0.52, 0.89, 1)  // libadwaita's accent blue
            }
            cairo_arc(cr, cx, cy, radius, top, top + 2 * Double.pi * min(1, progress))
            cairo_stroke(cr)
        }
        // Each stage's start: a short tick across the track.
        cairo_set_line_width(cr, 2)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        cairo_set_source_rgba(cr, ink.red.d, ink.green.d, ink.blue.d, 0.8)
        for mark in drawing.marks {
            let angle = top + 2 * Double.pi * mark
            let (inner, outer) = (radius - line / 2 - 3, radius + line / 2 + 1)
            cairo_move_to(cr, cx + inner * cos(angle), cy + inner * sin(angle))
            cairo_line_to(cr, cx + outer * cos(angle), cy + outer * sin(angle))
            cairo_stroke(cr)
        }
    }
}
