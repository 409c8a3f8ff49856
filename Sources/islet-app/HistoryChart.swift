import CAdw
import IsletAppModel

/// The History page's chart (FR-005): a bar a day for the last week or four weeks (the hours
/// fasted within the day), or a bar a month for the last year (the hours a day on average);
/// the axis' top and the daily goal's dashed line labelled; bars that met a goal in the style's
/// success colour, as the list and the calendar mark them. Drawn with cairo in a
/// GtkDrawingArea, its text with Pango in the widget's own font and size (the desktop's, any
/// script) and the style's text colour (light, dark and high contrast alike); a screen reader
/// hears the chart's summary.
final class HistoryChart {
    let root: UnsafeMutablePointer<GtkWidget>
    private let drawing = Drawing()

    /// What the draw function reads: the chart to draw.
    final class Drawing {
        var chart: HistoryModel.Chart?
    }

    init() {
        root = drawingArea(role: GTK_ACCESSIBLE_ROLE_IMG)
        gtk_widget_set_size_request(root, -1, 170)
        gtk_widget_set_hexpand(root, 1)
        let draw: @convention(c) (UnsafeMutablePointer<GtkDrawingArea>?, OpaquePointer?, Int32, Int32, gpointer?) -> Void = { area, cr, width, height, data in
            guard let data, let cr, let area else { return }
            let drawing = Unmanaged<Drawing>.fromOpaque(data).takeUnretainedValue()
            guard let chart = drawing.chart else { return }
            HistoryChart.draw(
                chart, on: cr, width: Double(width), height: Double(height), widget: UnsafeMutableRawPointer(area).assumingMemoryBound(to: GtkWidget.self))
        }
        let release: @convention(c) (gpointer?) -> Void = { data in
            if let data { Unmanaged<Drawing>.fromOpaque(data).release() }
        }
        gtk_drawing_area_set_draw_func(cast(root), draw, Unmanaged.passRetained(drawing).toOpaque(), release)
    }

    func show(_ chart: HistoryModel.Chart?) {
        drawing.chart = chart
        gtk_widget_set_visible(root, chart == nil ? 0 : 1)
        if let chart { setAccessibleLabel(root, chart.summary) }
        gtk_widget_queue_draw(root)
    }

    private static func draw(_ chart: HistoryModel.Chart, on cr: OpaquePointer, width: Double, height: Double, widget: UnsafeMutablePointer<GtkWidget>) {
        let context = gtk_widget_get_style_context(widget)
        var ink = GdkRGBA(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
        gtk_style_context_get_color(context, &ink)
        var success = GdkRGBA(red: 0.18, green: 0.76, blue: 0.49, alpha: 1)
        _ = gtk_style_context_lookup_color(context, "success_bg_color", &success)
        func use(_ colour: GdkRGBA, alpha: Double = 1) { cairo_set_source_rgba(cr, colour.red.d, colour.green.d, colour.blue.d, colour.alpha.d * alpha) }
        /// A text in the widget's font, its size in pixels.
        func layout(_ text: String, small: Bool = true) -> (layout: OpaquePointer?, width: Double, height: Double) {
            let layout = gtk_widget_create_pango_layout(widget, text)
            if small {
                let attributes = pango_attr_list_new()
                pango_attr_list_insert(attributes, pango_attr_scale_new(0.83))
                pango_layout_set_attributes(layout, attributes)
                pango_attr_list_unref(attributes)
            }
            var w: Int32 = 0
            var h: Int32 = 0
            pango_layout_get_pixel_size(layout, &w, &h)
            return (layout, Double(w), Double(h))
        }
        func show(_ text: (layout: OpaquePointer?, width: Double, height: Double), x: Double, y: Double) {
            cairo_move_to(cr, x, y)
            pango_cairo_show_layout(cr, text.layout)
            g_object_unref(UnsafeMutableRawPointer(text.layout))
        }
        // The axis' top at the left, the dates under the bars, the goal's label on its line.
        let scale = layout(chart.scaleLabel)
        let axis = scale.width + 6
        let dateHeight = layout("0").height
        let top = scale.height / 2 + 2
        let plot = height - dateHeight - 4 - top
        let slot = (width - axis) / Double(chart.days.count)
        let bar = max(2, slot * 0.7)
        func y(_ hours: Double) -> Double { top + plot * (1 - min(1, hours / chart.scaleHours)) }
        use(ink, alpha: 0.7)
        show(scale, x: 0, y: y(chart.scaleHours) - scale.height / 2)
        use(ink, alpha: 0.25)
        cairo_set_line_width(cr, 1)
        cairo_move_to(cr, axis - 2.5, top)
        cairo_line_to(cr, axis - 2.5, top + plot)
        cairo_stroke(cr)
        let centred = chart.days.allSatisfy { !$0.label.isEmpty }
        for (index, day) in chart.days.enumerated() {
            let slotStart = axis + Double(index) * slot
            let x = slotStart + (slot - bar) / 2
            if day.hours > 0 {
                if day.metGoal { use(success) } else { use(ink, alpha: 0.45) }
                cairo_rectangle(cr, x, y(day.hours), bar, top + plot - y(day.hours))
                cairo_fill(cr)
            } else {
                use(ink, alpha: 0.12)
                cairo_rectangle(cr, x, top + plot - 2, bar, 2)
                cairo_fill(cr)
            }
            if !day.label.isEmpty {
                use(ink, alpha: 0.7)
                // Under its bar when every bar has a label (a week, a year); else from the
                // slot's start (dates, which need the room).
                let text = layout(day.label)
                let offset = centred ? max(0, (slot - text.width) / 2) : 0
                show(text, x: slotStart + offset, y: top + plot + 3)
            }
        }
        if chart.goalHours > 0 {
            var dashes: [Double] = [4, 3]
            cairo_set_dash(cr, &dashes, 2, 0)
            cairo_set_line_width(cr, 1)
            use(ink, alpha: 0.7)
            cairo_move_to(cr, axis, y(chart.goalHours) + 0.5)
            cairo_line_to(cr, width, y(chart.goalHours) + 0.5)
            cairo_stroke(cr)
            cairo_set_dash(cr, nil, 0, 0)
            let goal = layout(chart.goalLabel)
            // Above the line at the right, on the page's own background so that bars do not hide it.
            let gx = width - goal.width - 2
            let gy = max(0, y(chart.goalHours) - goal.height - 1)
            var background = GdkRGBA(red: 1, green: 1, blue: 1, alpha: 1)
            if gtk_style_context_lookup_color(context, "window_bg_color", &background) != 0 {
                use(background, alpha: 0.85)
                cairo_rectangle(cr, gx - 2, gy, goal.width + 4, goal.height)
                cairo_fill(cr)
            }
            use(ink, alpha: 0.8)
            show(goal, x: gx, y: gy)
        }
    }
}
