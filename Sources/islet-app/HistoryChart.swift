import CAdw
import IsletAppModel

/// The History page's chart (FR-005): a bar a day for the last week or four weeks (the hours
/// fasted within the day), or a bar a month for the last year (the hours a day on average),
/// the daily goal as a dashed line; bars that met a goal in the accent colour. Drawn with cairo in a GtkDrawingArea, in the style's own text colour (light
/// and dark alike); a screen reader hears the chart's summary.
final class HistoryChart {
    let root: UnsafeMutablePointer<GtkWidget>
    private let drawing = Drawing()

    /// What the draw function reads: the chart to draw.
    final class Drawing {
        var chart: HistoryPage.Chart?
    }

    init() {
        root = drawingArea(role: GTK_ACCESSIBLE_ROLE_IMG)
        gtk_widget_set_size_request(root, -1, 150)
        gtk_widget_set_hexpand(root, 1)
        let draw: @convention(c) (UnsafeMutablePointer<GtkDrawingArea>?, OpaquePointer?, Int32, Int32, gpointer?) -> Void = { area, cr, width, height, data in
            guard let data, let cr else { return }
            let drawing = Unmanaged<Drawing>.fromOpaque(data).takeUnretainedValue()
            guard let chart = drawing.chart else { return }
            HistoryChart.draw(chart, on: cr, width: Double(width), height: Double(height), widget: UnsafeMutableRawPointer(area))
        }
        let release: @convention(c) (gpointer?) -> Void = { data in
            if let data { Unmanaged<Drawing>.fromOpaque(data).release() }
        }
        gtk_drawing_area_set_draw_func(cast(root), draw, Unmanaged.passRetained(drawing).toOpaque(), release)
    }

    func show(_ chart: HistoryPage.Chart?) {
        drawing.chart = chart
        gtk_widget_set_visible(root, chart == nil ? 0 : 1)
        if let chart { setAccessibleLabel(root, chart.summary) }
        gtk_widget_queue_draw(root)
    }

    private static func draw(_ chart: HistoryPage.Chart, on cr: OpaquePointer, width: Double, height: Double, widget: UnsafeMutableRawPointer?) {
        var ink = GdkRGBA(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
        if let widget {
            gtk_style_context_get_color(gtk_widget_get_style_context(widget.assumingMemoryBound(to: GtkWidget.self)), &ink)
        }
        let labelRoom = 16.0
        let top = 6.0
        let plot = height - labelRoom - top
        let count = Double(chart.days.count)
        let slot = width / count
        let bar = max(2, slot * 0.7)
        func y(_ hours: Double) -> Double { top + plot * (1 - min(1, hours / chart.scaleHours)) }
        let centred = chart.days.allSatisfy { !$0.label.isEmpty }
        for (index, day) in chart.days.enumerated() {
            let x = Double(index) * slot + (slot - bar) / 2
            if day.hours > 0 {
                if day.metGoal {
                    cairo_set_source_rgba(cr, 0.21, 0.52, 0.89, 1)  // libadwaita's accent blue
                } else {
                    cairo_set_source_rgba(cr, ink.red.d, ink.green.d, ink.blue.d, 0.45)
                }
                cairo_rectangle(cr, x, y(day.hours), bar, top + plot - y(day.hours))
                cairo_fill(cr)
            } else {
                cairo_set_source_rgba(cr, ink.red.d, ink.green.d, ink.blue.d, 0.12)
                cairo_rectangle(cr, x, top + plot - 2, bar, 2)
                cairo_fill(cr)
            }
            if !day.label.isEmpty {
                cairo_set_source_rgba(cr, ink.red.d, ink.green.d, ink.blue.d, 0.7)
                cairo_set_font_size(cr, 10)
                // Under its bar when every bar has a label (a week, a year); else from the
                // slot's start (dates, which need the room).
                var offset = 0.0
                if centred {
                    var extents = cairo_text_extents_t()
                    cairo_text_extents(cr, day.label, &extents)
                    offset = max(0, (slot - extents.x_advance) / 2)
                }
                cairo_move_to(cr, Double(index) * slot + offset, height - 3)
                cairo_show_text(cr, day.label)
            }
        }
        if chart.goalHours > 0 {
            var dashes: [Double] = [4, 3]
            cairo_set_dash(cr, &dashes, 2, 0)
            cairo_set_line_width(cr, 1)
            cairo_set_source_rgba(cr, ink.red.d, ink.green.d, ink.blue.d, 0.7)
            cairo_move_to(cr, 0, y(chart.goalHours) + 0.5)
            cairo_line_to(cr, width, y(chart.goalHours) + 0.5)
            cairo_stroke(cr)
        }
    }
}
