"""islet-app through AT-SPI, as a screen reader sees it (issue 34): run by Tests/App/run.

Each check prints PASS or FAIL; the script exits 1 when one failed."""
import os
import re
import subprocess
import sys
import time
import wave

import pyatspi

isletd = os.environ["ISLET_TEST_ISLETD"]
islet = os.environ["ISLET_TEST_ISLET"]
database = os.environ["ISLET_TEST_DATABASE"]
shots = os.environ.get("ISLET_TEST_SHOTS", "")
failures = 0


def check(name, ok, detail=""):
    global failures
    print(("PASS " if ok else "FAIL ") + name + ("" if ok else f"  ({detail})"), flush=True)
    if not ok:
        failures += 1


# How long a check waits for what it looks for: a safety net for what never comes, not a
# measure of speed (a loaded machine only makes a passing check slower); ISLET_TEST_PATIENCE
# in seconds, as the Swift suites' Patience.
PATIENCE = float(os.environ.get("ISLET_TEST_PATIENCE") or 90)


def eventually(condition, seconds=PATIENCE):
    end = time.time() + seconds
    while time.time() < end:
        try:
            if condition():
                return True
        except Exception:  # the tree changes under us while the app updates
            pass
        time.sleep(0.1)
    return False


def fasting():
    out = subprocess.run(["gdbus", "call", "--session", "--dest", "org.islet.Islet1", "--object-path", "/org/islet/Islet1",
                          "--method", "org.freedesktop.DBus.Properties.Get", "org.islet.Islet1.Fasting", "Fasting"],
                         capture_output=True, text=True)
    return "true" in out.stdout


def start_isletd():
    return subprocess.Popen([isletd, "--database", database, "--log-level", "warning"])


def app():
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        try:
            child = desktop.getChildAtIndex(i)
            if child is not None and child.name == "islet-app":
                return child
        except Exception:  # an application that left the bus meanwhile
            continue
    return None


def nodes(predicate):
    """Every node of the app's tree for which predicate holds, each once: GTK 4.20 lists some
    nodes under two parents (a stack's page and the stack), so a node met again is skipped."""
    root = app()
    if root is None:
        return []
    found = []
    seen = set()

    def walk(node, depth=0):
        if node is None or depth > 40:
            return
        # The tree changes under us while the app updates (a row made anew): a node gone
        # between two questions is skipped, as a screen reader would.
        try:
            key = hash(node)
            if key in seen:
                return
            seen.add(key)
            if predicate(node):
                found.append(node)
            children = [node.getChildAtIndex(i) for i in range(node.childCount)]
        except Exception:
            return
        for child in children:
            walk(child, depth + 1)

    walk(root)
    return found


# at-spi2-core 2.50 and later name a push button's role "button" (Debian 12 has 2.46).
ROLE_NAMES = {"button": "push button"}


def role_name(node):
    name = node.getRoleName()
    return ROLE_NAMES.get(name, name)


def actionable(node):
    try:
        return node.queryAction().nActions > 0
    except Exception:
        return False


def find(role, predicate=lambda node: True):
    """The nodes of a role named so, those a screen reader can press first (GTK 4.20 wraps a
    menu button's toggle in a button of the same name that has no action)."""
    found = nodes(lambda node: role_name(node) == role and predicate(node))
    return [n for n in found if actionable(n)] + [n for n in found if not actionable(n)]


def names(found):
    """The names of found nodes, those gone meanwhile left out: a row made anew between finding
    it and reading its name is no longer there (AT-SPI: "The application no longer exists")."""
    result = []
    for node in found:
        try:
            result.append(node.name)
        except Exception:
            pass
    return result


def labels():
    return names(find("label"))


def button(name):
    buttons = find("push button", lambda node: node.name == name)
    return buttons[0] if buttons else None


def acted(target, act):
    """Acts on the node target() finds, waiting for it to be there (PATIENCE): GTK 4.20 puts a
    page's or a view's widgets in the tree only once it is shown, a moment after it is chosen
    (GTK 4.8 had them there all along). A node gone between the finding and the act (a row made
    anew: AT-SPI's "The application no longer exists") is looked for again."""
    tries = 0
    end = time.time() + PATIENCE
    while tries < 5:
        node = target()
        if node is None:
            if time.time() > end:
                return False
            time.sleep(0.1)
            continue
        try:
            act(node)
            return True
        except Exception:
            tries += 1
            time.sleep(0.1)
    return False


def press(name):
    return acted(lambda: button(name), lambda node: node.queryAction().doAction(0))


def goal_seconds():
    out = subprocess.run(["gdbus", "call", "--session", "--dest", "org.islet.Islet1", "--object-path", "/org/islet/Islet1",
                          "--method", "org.freedesktop.DBus.Properties.Get", "org.islet.Islet1.Fasting", "GoalSeconds"],
                         capture_output=True, text=True)
    digits = "".join(ch for ch in out.stdout.split("uint64")[-1] if ch.isdigit())
    return int(digits) if digits else -1


def choice(name):
    found = [n for role in ("push button", "toggle button", "radio button", "check box") for n in find(role, lambda node: node.name == name)]
    return found[0] if found else None


def click_in_view(target):
    """A pointer's click on the node target() finds, the page scrolled first to bring it into
    the 600 px the window shows: as a person marks a radio button (GTK 4.8 gives a check button
    no action a screen reader can invoke)."""
    if not eventually(lambda: target() is not None):
        return False
    for _ in range(12):
        box = target().queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        if box.y >= 60 and box.y + box.height <= 580:
            break
        button = "5" if box.y + box.height > 580 else "4"
        subprocess.run(["xdotool", "mousemove", "360", "300", "click", "--repeat", "3", "--delay", "20", button], capture_output=True)
        time.sleep(0.3)
    box = target().queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    return subprocess.run(["xdotool", "mousemove", str(box.x + box.width // 2), str(box.y + box.height // 2), "click", "1"],
                          capture_output=True).returncode == 0


def scroll_to_end():
    """The page under the pointer scrolled to its end, as a person does with the wheel (the
    Progress page's calendar, under the chart, for its picture)."""
    scrolled = subprocess.run(["xdotool", "mousemove", "360", "300", "click", "--repeat", "30", "--delay", "20", "5"], capture_output=True)
    # The pointer out of the window again: no button lit up under it in the picture.
    subprocess.run(["xdotool", "mousemove", "1000", "740"], capture_output=True)
    return scrolled.returncode == 0


def checked(name):
    box = choice(name) or switch(name)
    return box is not None and (box.getState().contains(pyatspi.STATE_CHECKED) or box.getState().contains(pyatspi.STATE_PRESSED))


SWITCH_ROLES = ["check box", "switch", "toggle button"]


def switch(name):
    """A switch row's switch, by the row's title (GTK 4.8 says "check box", later GTKs "switch")."""
    found = [n for role in SWITCH_ROLES for n in find(role, lambda node: node.name == name)]
    return found[0] if found else None


def toggle(name):
    """The switch named so, turned as a screen reader turns it (its action)."""
    return acted(lambda: switch(name), lambda node: node.queryAction().doAction(0))


def click(role_names, name):
    def target():
        return next((found[0] for found in (find(role, lambda node: node.name == name) for role in role_names) if found), None)
    return acted(target, lambda node: node.queryAction().doAction(0))


def page_shown(name):
    tabs = find("page tab", lambda node: node.name == name)
    return any(tab.getState().contains(pyatspi.STATE_SELECTED) or tab.getState().contains(pyatspi.STATE_CHECKED) for tab in tabs)


def show_page(name):
    """The view switched to by its tab, as a screen reader presses it, and seen to be shown (the
    header bar's switcher and the bottom bar's each have a tab of that name; a press on the one
    not on screen may do nothing: the next is pressed)."""
    def attempt():
        for tab in find("page tab", lambda node: node.name == name):
            try:
                tab.queryAction().doAction(0)
            except Exception:
                continue
            if eventually(lambda: page_shown(name), 1):
                return True
        return False
    return eventually(attempt)


def keys_in(title, *names):
    """Keys typed into the window titled so (a regular expression), focused first."""
    focus = subprocess.run(["xdotool", "search", "--name", title, "windowfocus", "--sync"], capture_output=True, text=True)
    for name in names:
        subprocess.run(["xdotool", "key", "--clearmodifiers", name], capture_output=True)
    return focus.returncode == 0


def visible_windows():
    found = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "."], capture_output=True, text=True).stdout.split()
    return [subprocess.run(["xdotool", "getwindowname", w], capture_output=True, text=True).stdout.strip() for w in found]


def preferences_close_button():
    frames = nodes(lambda node: node.getRoleName() in ("frame", "dialog", "window") and node.name == "Preferences")
    found = []
    for frame in frames:
        def walk(node):
            for child in node:
                if child is None:
                    continue
                if role_name(child) == "push button" and child.name == "Close" and actionable(child):
                    found.append(child)
                walk(child)
        walk(frame)
    return found[0] if found else None


def close_preferences():
    """The Preferences window's own Close pressed; closed, it is no longer on screen."""
    return eventually(lambda: "Preferences" in visible_windows()) and \
        acted(preferences_close_button, lambda node: node.queryAction().doAction(0)) and \
        eventually(lambda: "Preferences" not in visible_windows())


def shown(node):
    """Visible (GTK 4.8 never sets AT-SPI's "showing"; "visible" follows the widget's own)."""
    try:
        return node is not None and node.getState().contains(pyatspi.STATE_VISIBLE)
    except Exception:
        return False


def dialog_open(title):
    """A dialog titled `title` is on screen: a window shown besides the main one, with that
    title in its header bar (GTK 4.8 may leave a window's own name as it was when first
    shown)."""
    root = app()
    windows = [root.getChildAtIndex(i) for i in range(root.childCount)] if root is not None else []

    def titled(node, depth=0):
        if depth > 12 or node is None:
            return False
        if role_name(node) == "label" and node.name == title:
            return True
        return any(titled(node.getChildAtIndex(i), depth + 1) for i in range(min(node.childCount, 8)))
    return any(w is not None and w.name != "islet" and shown(w) and titled(w) for w in windows)


def survives_a_late_question():
    """The app still there after a screen reader, its count of windows taken while a dialog
    was open, asks the application for a window past the last one: GTK 4.8 answers with the last
    window in its own list, and crashed the app (SIGSEGV in GLib) when that was a dialog kept
    hidden (a hidden window has no accessible path). Orca asks so after every dialog closes."""
    root = app()
    if root is None:
        return False
    for index in (root.childCount, root.childCount + 1, root.childCount + 4):
        try:
            root.getChildAtIndex(index)
        except Exception:  # an error is an answer too; a crash is not
            pass
    time.sleep(0.3)
    return window.poll() is None and app() is not None


def focus_window(title):
    """The window titled `title` given the keyboard, as a window manager gives it to a dialog
    shown again (Xvfb has none)."""
    return subprocess.run(["xdotool", "search", "--name", f"^{title}$", "windowfocus", "--sync"], capture_output=True).returncode == 0


def key_in_window(title, key):
    """A key pressed in the window titled `title` (a dialog), as a person presses it."""
    return subprocess.run(["xdotool", "search", "--name", f"^{title}$", "windowfocus", "--sync", "key", key], capture_output=True).returncode == 0


def windows_info():
    root = app()
    out = []
    for i in range(root.childCount if root else 0):
        w = root.getChildAtIndex(i)
        out.append((w.name, shown(w), w.childCount))
    return out


def type_in_row(name, text):
    """Typed into an entry row as a person does: clicked into (scrolled into view first), all
    of it selected, the text typed. (GTK 4.8 cannot focus a widget for AT-SPI, and an entry row
    shows its apply button only for an edit made while it has the focus.)"""
    def field():
        found = find("text", lambda node: node.name == name)
        return found[0] if found else None
    if not eventually(lambda: field() is not None):
        return False
    box = field().queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    if box.y + box.height > 580:
        subprocess.run(["xdotool", "mousemove", str(box.x + 10), "300", "click", "--repeat", "25", "--delay", "20", "5"], capture_output=True)
        time.sleep(0.8)
        box = field().queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    subprocess.run(["xdotool", "mousemove", str(box.x + box.width // 2), str(box.y + box.height // 2), "click", "1"], capture_output=True)
    time.sleep(0.3)
    subprocess.run(["xdotool", "key", "--clearmodifiers", "ctrl+a"], capture_output=True)
    return subprocess.run(["xdotool", "type", "--delay", "30", text], capture_output=True).returncode == 0


def in_popover(opener, field, text, button_name):
    """A field in a popover: its button (named `opener`) pressed, the text typed, the action
    pressed (the popover closes with it)."""
    return eventually(lambda: click(["toggle button", "push button"], opener)) and type_into(field, text) and press(button_name)


FIGURES = ("Fasts", "Total", "Average", "Longest", "Goals met", "Current streak", "Longest streak")


def statistics():
    """The Progress page's figures, each as a screen reader says it ("Fasts: 2"), a line each."""
    rows = names(nodes(lambda node: role_name(node) == "list item" and (node.name or "").split(":")[0] in FIGURES))
    return "\n".join(rows)


def shot(name, width=720):
    if shots:
        # What was just pressed drawn first (a page switched, a popover closed).
        time.sleep(0.5)
        subprocess.run(["import", "-window", "root", "-crop", f"{width}x600+0+0", "+repage", f"{shots}/app-{name}.png"])


daemon = start_isletd()
time.sleep(0.5)
def start_app():
    """The app, started again should it leave at once (a display not quite ready: seen once)."""
    for _ in range(3):
        started = subprocess.Popen([os.environ["ISLET_TEST_APP"]])
        if eventually(lambda: app() is not None or started.poll() is not None, 20) and started.poll() is None:
            return started
        time.sleep(1)
    return started


window = start_app()
check("the app is on the accessibility bus", eventually(lambda: app() is not None))
check("FR-001 inactive: 00:00:00 and Start Fast", eventually(lambda: "00:00:00" in labels() and button("Start Fast") is not None),
      labels())
check("FR-001 inactive: a hint to press Start", eventually(lambda: "Press Start to begin a fast." in labels()), labels())
shot("inactive")

check("FR-001 Start Fast pressed", press("Start Fast"))
check("FR-001 isletd has a fast", eventually(fasting))
check("FR-002 the button now stops", eventually(lambda: button("Stop Fast") is not None))
def elapsed():
    """The Fast page's elapsed time (HH:MM:SS), whatever it has reached on a busy machine."""
    return [l for l in labels() if re.fullmatch(r"\d\d:\d\d:\d\d", l)]


first = []
eventually(lambda: first.extend(elapsed()) or bool(first))
check("FR-002 the elapsed label counts", bool(first) and eventually(lambda: elapsed() not in ([], first)), f"{first} then {elapsed()}")
shot("fasting")

check("FR-003 Stop Fast pressed", press("Stop Fast"))
check("FR-003 isletd has no fast", eventually(lambda: not fasting()))
check("FR-003 the button starts again", eventually(lambda: button("Start Fast") is not None))

started = subprocess.run([islet, "fast", "start"], capture_output=True, text=True)
# Followed through isletd's signals: it shows at once (seen well within a second here); the
# app never polls, so without the signal it would never show. The new fast's first minutes.
check("a fast started from the command line appears (from isletd's signals)",
      eventually(lambda: button("Stop Fast") is not None and any(l.startswith("00:0") for l in labels())),
      f"{started.stdout}{started.stderr} {labels()}")
subprocess.run([islet, "goal", "set", "16h"], capture_output=True)
subprocess.run([islet, "fast", "goal", "16h"], capture_output=True)
check("DFG-004 Goal in HH:MM:SS", eventually(lambda: any(l.startswith("Goal in 15:59:") for l in labels())), labels())
shot("goal")

daemon.kill()
daemon.wait()
check("isletd killed: the app says so, on a status page with a button", eventually(
    lambda: "Fasts and Timers Are Out of Reach" in labels() and button("Start Again") is not None), labels())
shot("no-service")
daemon = start_isletd()
check("isletd back: the fast shows again", eventually(lambda: button("Stop Fast") is not None and
                                                   any(re.fullmatch(r"Goal in 15:\d\d:\d\d", l) for l in labels())), labels())

# The Goal page (DFG-001 to DFG-003): the presets with their descriptions, the current one
# marked, a custom duration, no goal; each choice is isletd's GoalSeconds at once.
check("the Goal page is switched to", eventually(lambda: show_page("Goal")))
check("DFG-001 the presets with their descriptions",
      eventually(lambda: choice("18:6 · 18 hours") is not None and
                 "A longer fast, potentially enhancing fat burning and focus." in labels()), labels())
check("DFG-001 the current goal (16 h) is marked", eventually(lambda: checked("16:8 · 16 hours")))
shot("goal-page")
# GTK 4.8 calls a check button in a group a check box; later GTK, a radio button.
check("DFG-001 the presets are a list with radio marks",
      eventually(lambda: role_name(choice("18:6 · 18 hours")) in ("radio button", "check box")),
      role_name(choice("18:6 · 18 hours")) if choice("18:6 · 18 hours") else None)
check("DFG-002 choosing 18:6 (its mark clicked)", click_in_view(lambda: choice("18:6 · 18 hours")))
check("DFG-002 GoalSeconds follows: 64800", eventually(lambda: goal_seconds() == 64800), goal_seconds())
subprocess.run([islet, "goal", "set", "20:4"], capture_output=True)
check("a goal set from the command line is marked", eventually(lambda: checked("20:4 · 20 hours")))
check("DFG-003 the custom goal is typed in its row, named Custom", type_in_row("Custom", "15h30m"))
check("DFG-003 ... and Enter sets it", subprocess.run(["xdotool", "key", "Return"], capture_output=True).returncode == 0)
check("DFG-003 GoalSeconds follows: 55800", eventually(lambda: goal_seconds() == 55800), goal_seconds())
check("DFG-003 Custom is marked", eventually(lambda: checked("Custom")))
check("no goal chosen (its row clicked)", click_in_view(lambda: find("label", lambda n: n.name == "No Goal")[0] if find("label", lambda n: n.name == "No Goal") else None))
check("no goal: GoalSeconds 0", eventually(lambda: goal_seconds() == 0), goal_seconds())

# The History page (FR-005): the fast stopped above, the statistics, delete with Undo.
def history_count():
    out = subprocess.run([islet, "history", "--format", "json"], capture_output=True, text=True).stdout
    return out.count('"id"')


def delete_buttons():
    return find("push button", lambda node: node.name.startswith("Delete the fast of"))


check("the History page is switched to", eventually(lambda: show_page("History")))
check("FR-005 the completed fast is listed",
      eventually(lambda: len(delete_buttons()) == history_count() == 1), f"{len(delete_buttons())} rows, {history_count()} in isletd, {labels()}")
check("FR-005 ... and counted in the statistics, a row each", show_page("Progress") and
      eventually(lambda: statistics().startswith("Fasts: 1\nTotal: ")), statistics())
check("FR-005 back to the list", show_page("History"))
shot("history")
check("FR-005 Delete pressed", eventually(lambda: click(["push button"], delete_buttons()[0].name)))
deleted_at = time.time()
check("FR-005 isletd's history is empty", eventually(lambda: history_count() == 0), history_count())
# The toast lives 5 s (libadwaita's default) and one walk of the tree can take a good part of
# that on a slow machine (CI missed it once): the empty state and the toast's Undo are read in
# one walk, and the Undo is pressed as soon as it is found.
EMPTY_STATE = ["No Fasts Yet", "A fast you stop is kept here. Earlier fasts can be added or imported."]
after_delete = {"labels": [], "undo": False, "seconds": 0.0}


def empty_state_then_undo():
    found = nodes(lambda node: role_name(node) in ("label", "push button"))
    after_delete["labels"] = names([n for n in found if role_name(n) == "label"])
    if not all(text in after_delete["labels"] for text in EMPTY_STATE):
        return False
    # GTK 4.8 names the toast's button from its label twice ("Undo Undo").
    undo = [n for n in found if role_name(n) == "push button" and n.name.split(" ")[0] == "Undo" and actionable(n)]
    if undo and undo[0].queryAction().doAction(0):
        after_delete["undo"] = True
        after_delete["seconds"] = time.time() - deleted_at
    return after_delete["undo"]


eventually(empty_state_then_undo)
check("FR-005 the empty state: a status page", all(text in after_delete["labels"] for text in EMPTY_STATE), after_delete["labels"])
check("FR-005 a toast offers Undo, pressed", after_delete["undo"],
      f"not pressed {time.time() - deleted_at:.1f} s after the delete")
if after_delete["undo"]:
    print(f"     (Undo pressed {after_delete['seconds']:.1f} s after the delete)", flush=True)
check("FR-005 the fast is back", eventually(lambda: history_count() == 1 and len(delete_buttons()) == 1), f"{history_count()} {labels()}")


# The Timers page: the Live Activities spec's tabs, each its own owner on the bus.
def timer_list():
    out = subprocess.run([islet, "timer", "list"], capture_output=True, text=True).stdout
    return {line.split()[0]: line for line in out.splitlines() if line.startswith("islet-app-")}


def island_owner():
    out = subprocess.run(["gdbus", "call", "--session", "--dest", "org.islet.Islet1", "--object-path", "/org/islet/Islet1",
                          "--method", "org.freedesktop.DBus.Properties.Get", "org.islet.Islet1.LiveActivity", "Owner"],
                         capture_output=True, text=True).stdout
    return out.split("'")[1] if "'" in out else ""


def island_label():
    return next((l for l in labels() if l.startswith("Shown live") or l.startswith("Nothing is shown live")), "")


def card_time(index):
    """The time labels of the three cards, in order (countdown, meditation, workout)."""
    times = [l for l in labels() if l == "Not running" or (len(l) == 5 and l[2] == ":" and l.replace(":", "").isdigit())]
    return times[index] if len(times) > index else ""


def type_into(name, text):
    def target():
        fields = find("text", lambda node: node.name == name)
        return fields[0] if fields else None
    return acted(target, lambda node: node.queryEditableText().setTextContents(text))


subprocess.run([islet, "fast", "stop"], capture_output=True)
check("the Timers page is switched to", eventually(lambda: show_page("Timers")))
check("LA the island is empty at first", eventually(lambda: island_label() == "Nothing is shown live."), island_label())
check("LA every card idle: its plans, no controls (as GNOME Clocks)", eventually(
    lambda: button("Start Countdown: 5 minutes") is not None and button("Start this Workout") is not None and
    button("Pause Countdown") is None and button("Stop Workout") is None and card_time(0) == ""), labels())
check("LA Activity Start: a 5-minute countdown pressed", eventually(lambda: press("Start Countdown: 5 minutes")))
check("LA isletd runs islet-app-countdown", eventually(lambda: "islet-app-countdown" in timer_list()), timer_list())
check("LA Timer Format: the card counts down in MM:SS",
      eventually(lambda: card_time(0).startswith("04:5")), labels())
first = card_time(0)
time.sleep(1.3)
check("LA Timer Progress Update: the card's time moves each second", card_time(0) != first and card_time(0).startswith("04:"),
      f"{first} then {card_time(0)}")
check("LA the countdown holds the island", eventually(lambda: island_owner() == "islet-app-countdown" and
                                                       island_label() == "Shown live: Countdown"), island_label())
check("LA Ownership Transfer: a meditation started on its tab", eventually(lambda: press("Start Meditation: Settle 2 minutes · Sit 8 minutes")))
check("LA the meditation owns the island, the countdown runs on",
      eventually(lambda: island_owner() == "islet-app-meditation" and "islet-app-countdown" in timer_list() and
                 island_label() == "Shown live: Meditation"), f"{island_owner()} {island_label()} {timer_list()}")
check("LA the phase shows: Settle · Phase 1/2", eventually(lambda: "Settle · Phase 1/2" in labels()), labels())
check("LA Pause State Display: Pause Meditation pressed", eventually(lambda: press("Pause Meditation")))
check("LA isletd's meditation is paused; the button resumes",
      eventually(lambda: "Paused" in timer_list().get("islet-app-meditation", "") and button("Resume Meditation") is not None),
      timer_list())
frozen = card_time(1)
time.sleep(1.3)
check("LA the paused time is frozen", card_time(1) == frozen and "Settle · Phase 1/2 · Paused" in labels(), f"{frozen} {card_time(1)}")
check("+1 min pressed", press("Add a minute to Meditation"))
check("+1 min: the paused phase has a minute more",
      eventually(lambda: card_time(1)[:2] == f"{int(frozen[:2]) + 1:02d}" and card_time(1)[3:] == frozen[3:]), f"{frozen} {card_time(1)}")
check("LA Resume State Display: Resume pressed", press("Resume Meditation"))
check("LA isletd's meditation runs again", eventually(lambda: "Running" in timer_list().get("islet-app-meditation", "")), timer_list())
check("LA Manual Stop: Stop Meditation pressed", press("Stop Meditation"))
check("LA the meditation is gone; the countdown takes the island back",
      eventually(lambda: "islet-app-meditation" not in timer_list() and island_owner() == "islet-app-countdown" and
                 island_label() == "Shown live: Countdown"), f"{timer_list()} {island_label()}")
check("a custom workout written", type_into("Work time", "30s") and type_into("Rest time", "15s") and type_into("Rounds", "3"))
check("the custom workout started", press("Start this Workout"))
check("isletd runs it: Work · Round 1/3, on the island",
      eventually(lambda: "Round 1/3" in timer_list().get("islet-app-workout", "") and island_owner() == "islet-app-workout" and
                 "Work · Round 1/3" in labels()), f"{timer_list()} {labels()}")
shot("timers")
subprocess.run([islet, "timer", "stop", "--owner", "islet-app-countdown"], capture_output=True)
check("a timer stopped from the command line leaves its card, its plans back (isletd's signals)",
      eventually(lambda: button("Stop Countdown") is None and button("Start this Countdown") is not None), labels())
check("a countdown written badly", type_into("Countdown length", "soon") and press("Start this Countdown"))
check("it is refused in words, nothing started",
      eventually(lambda: any(l.startswith("A countdown is 1 second to 7 days") for l in labels())) and
      "islet-app-countdown" not in timer_list(), labels())
for owner in ["islet-app-workout"]:
    subprocess.run([islet, "timer", "stop", "--owner", owner], capture_output=True)
check("all stopped: the island is empty again", eventually(lambda: island_label() == "Nothing is shown live."), island_label())


# A timer another program runs (the command line's, owner "islet"): a card of its own above the
# app's, by its title, with its controls, so that its notification's click lands on it.
def all_timers():
    out = subprocess.run([islet, "timer", "list"], capture_output=True, text=True).stdout
    return {line.split()[0]: line for line in out.splitlines() if line.strip() and not line.startswith("No ")}


subprocess.run([islet, "timer", "start", "Tea", "10m"], capture_output=True)
check("another program's timer: a card of its own, its controls named for it",
      eventually(lambda: island_label() == "Shown live: Tea" and button("Pause Tea") is not None and button("Stop Tea") is not None
                 and button("Add a minute to Tea") is not None), labels())
check("... first on the page, counting down", eventually(lambda: card_time(0).startswith("09:")), labels())
check("Pause Tea pressed", press("Pause Tea"))
check("isletd's Tea is paused; the button resumes",
      eventually(lambda: "Paused" in all_timers().get("islet", "") and button("Resume Tea") is not None), all_timers())
check("Stop Tea pressed", press("Stop Tea"))
check("Tea is gone, from isletd and the page",
      eventually(lambda: "islet" not in all_timers() and button("Resume Tea") is None and island_label() == "Nothing is shown live."),
      f"{all_timers()} {labels()}")

# The Fast page's other two: a fast begun earlier (FR-001, "I started 2 hours ago"), and the
# running fast's goal changed (DI-006 B).
def fasting_property(name):
    out = subprocess.run(["gdbus", "call", "--session", "--dest", "org.islet.Islet1", "--object-path", "/org/islet/Islet1",
                          "--method", "org.freedesktop.DBus.Properties.Get", "org.islet.Islet1.Fasting", name],
                         capture_output=True, text=True).stdout
    digits = "".join(ch for ch in out.split("uint64")[-1] if ch.isdigit())
    return int(digits) if digits else -1


subprocess.run([islet, "goal", "set", "16h"], capture_output=True)
check("the Fast page again", eventually(lambda: show_page("Fast")))
check("FR-001 a start written badly (the split button's Started Earlier…)",
      in_popover("Started Earlier…", "How long ago the fast began", "soon", "Start Earlier"))
check("FR-001 it is refused in words, no fast",
      eventually(lambda: any(l.startswith("Write how long ago the fast began") for l in labels())) and not fasting(), labels())
check("FR-001 2 hours ago, over the fast that ended a minute ago", in_popover("Started Earlier…", "How long ago the fast began", "2h", "Start Earlier"))
check("FR-001 refused in isletd's words", eventually(lambda: any(l.startswith("that start overlaps a completed fast") for l in labels())) and
      not fasting(), labels())
# The history emptied (the CLI's delete), the same start is taken.
for line in subprocess.run([islet, "history", "list", "--format", "csv"], capture_output=True, text=True).stdout.splitlines()[1:]:
    subprocess.run([islet, "history", "delete", line.split(",")[0]], capture_output=True)
check("FR-001 began 2 hours ago", in_popover("Started Earlier…", "How long ago the fast began", "2h", "Start Earlier"))
check("FR-001 isletd's fast began 2 hours ago",
      eventually(lambda: fasting() and abs(time.time() - 7200 - fasting_property("StartedAtUSec") / 1e6) < 60),
      fasting_property("StartedAtUSec"))
check("FR-002 the page counts from then", eventually(lambda: any(l.startswith("02:00:") for l in labels())), labels())
check("DI-006 the Goal's button opens this fast's goals", eventually(lambda: click(["toggle button", "push button"], "Change This Fast's Goal")))
check("DI-006 this fast's goal: the daily one (16 h) marked", eventually(lambda: checked("This fast's goal: 16 hours")))
check("DI-006 18 hours chosen", eventually(lambda: click(["push button", "toggle button"], "This fast's goal: 18 hours")))
check("DI-006 isletd's running fast has 18 h, the daily goal stays 16 h",
      eventually(lambda: fasting_property("ActiveFastGoalSeconds") == 64800 and goal_seconds() == 57600),
      f"{fasting_property('ActiveFastGoalSeconds')} {goal_seconds()}")
check("DI-006 the page says Goal in 15:59:..", eventually(lambda: any(l.startswith("Goal in 15:59:") for l in labels())), labels())
check("DI-006 no goal for this fast", eventually(lambda: click(["toggle button", "push button"], "Change This Fast's Goal")) and
      eventually(lambda: click(["push button", "toggle button"], "This fast without a goal")))
check("DI-006 isletd's fast has none", eventually(lambda: fasting_property("ActiveFastGoalSeconds") == 0))
subprocess.run([islet, "fast", "stop"], capture_output=True)
check("stopped: Started and Goal go, Started Earlier… comes back",
      eventually(lambda: not any(shown(n) for n in find("label", lambda n: n.name == "Started")) and
                 choice("Started Earlier…") is not None), names(find("toggle button")))



# FR-005's edit, add and chart: a dialog with the start and the end as a person types them.
def history_rows():
    out = subprocess.run([islet, "history", "list", "--format", "csv"], capture_output=True, text=True).stdout
    return [line.split(",") for line in out.splitlines()[1:]]


def named(prefix):
    return nodes(lambda node: (node.name or "").startswith(prefix))


check("the History page once more", eventually(lambda: show_page("History")))


def on_today(seconds):
    """Whether a moment falls on today's local date (else the app adds "tomorrow" or "yesterday")."""
    return time.localtime(seconds)[:3] == time.localtime()[:3]


def days_fasted():
    """How many local days the history's fasts touch (a fast over midnight counts on two)."""
    lines = subprocess.run([islet, "history", "list", "--format", "csv"], capture_output=True, text=True).stdout.splitlines()
    header = lines[0].split(",") if lines else []
    start, end = header.index("started_at_usec"), header.index("ended_at_usec")
    days = set()
    for line in lines[1:]:
        fields = line.split(",")
        days |= {time.localtime(int(fields[start]) / 1e6)[:3], time.localtime(int(fields[end]) / 1e6 - 1)[:3]}
    return len(days)


fasted_days_count = days_fasted()
fasted_summary = "fasts on 1 day," if fasted_days_count == 1 else f"fasts on {fasted_days_count} days,"
check("FR-005 the chart is there, summarised for a screen reader", show_page("Progress") and
      eventually(lambda: any(n.name.startswith("Hours fasted a day, the last four weeks: " + fasted_summary) for n in named("Hours fasted"))),
      f"{fasted_summary} {names(named('Hours fasted'))}")
check("FR-005 back to the list", show_page("History"))
# The list changed while its page was away (the fasts deleted and one added from the command
# line, then Progress shown and back): its first row answers at once, nothing in between laying
# it out again (a row left with a fast it no longer stood for had dead buttons: CRowList's map).
check("FR-005 Edit pressed", eventually(lambda: click(["push button"], next(n.name for n in find("push button") if n.name.startswith("Edit the fast of")))))
def press_named(word):
    """A button GTK 4.8 names from its label twice ("Save Save")."""
    def target():
        found = find("push button", lambda node: node.name.split(" ")[0] == word)
        return found[0] if found else None
    return acted(target, lambda node: node.queryAction().doAction(0))


before = history_rows()
check("FR-005 the editor opens as a dialog, Edit the Fast", eventually(lambda: dialog_open("Edit the Fast") and not dialog_open("Add a Fast")), windows_info())
shot("history-edit")
check("FR-005 saved unchanged", press("Save"))
check("FR-005 ... keeps the fast to the second (the fields hold its times)",
      eventually(lambda: [r[1:3] + r[4:5] for r in history_rows()] == [r[1:3] + r[4:5] for r in before]),
      f"{before} then {history_rows()}")
check("FR-005 Add a Fast opens the editor for a new one", press("Add a Fast…") and
      eventually(lambda: dialog_open("Add a Fast") and not dialog_open("Edit the Fast")))
check("FR-005 Cancel closes it", press("Cancel") and eventually(lambda: not dialog_open("Add a Fast")))
def click_on_screen(node):
    """A pointer's click on the middle of a node (the window is at 0,0: no window manager)."""
    box = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    x, y = box.x + box.width // 2, box.y + box.height // 2
    return subprocess.run(["xdotool", "mousemove", str(x), str(y), "click", "1"], capture_output=True).returncode == 0


def row_span():
    spans = [n for n in find("label") if (n.name or "").startswith(("Today ", "Yesterday "))]
    return spans[0] if spans else None


check("FR-005 a click on a row opens its editor", eventually(lambda: row_span() is not None) and click_on_screen(row_span()) and
      eventually(lambda: dialog_open("Edit the Fast")), labels())
check("FR-005 ... Cancel closes it", press("Cancel") and
      eventually(lambda: not dialog_open("Edit the Fast")))
check("the editor closed, a screen reader asking past the last window leaves the app running", survives_a_late_question(),
      f"exit status {window.poll()}")
check("FR-005 Edit pressed again", eventually(lambda: click(["push button"], next(n.name for n in find("push button") if n.name.startswith("Edit the fast of")))))
def inside(prefix, role, name):
    """A node of `role` named `name` within the subtree of a node whose name starts with
    `prefix` (a date button's popover, which GTK puts under the button)."""
    found = []

    def walk(node, depth=0):
        if node is None or depth > 12 or found:
            return
        if role_name(node) == role and node.name == name and actionable(node):
            found.append(node)
            return
        for i in range(node.childCount):
            walk(node.getChildAtIndex(i), depth + 1)
    for owner in nodes(lambda node: (node.name or "").startswith(prefix)):
        walk(owner)
    return found[0] if found else None


def time_popover_open(which):
    """The time's popover is on screen: its hour field is (GTK 4.8 keeps a closed popover's
    widgets in the tree, not visible)."""
    return any(shown(n) and n.name == "Hour" for n in inside_all(which + " time, ", "spin button"))


def inside_all(prefix, role):
    found = []

    def walk(node, depth=0):
        if node is None or depth > 12:
            return
        if role_name(node) == role:
            found.append(node)
        for i in range(node.childCount):
            walk(node.getChildAtIndex(i), depth + 1)
    for owner in nodes(lambda node: (node.name or "").startswith(prefix)):
        walk(owner)
    return found


def set_moment(which, moment, window="Edit the Fast"):
    """A date and a time set as a person sets them in the editor (`which`: "Start" or "End"):
    the date button pressed and Yesterday or Today picked under its calendar; the time button
    pressed, the hour and the minute typed (Tab between them) and Enter, which closes it."""
    when, today = time.localtime(moment), time.localtime()
    day = "Today" if (when.tm_year, when.tm_yday) == (today.tm_year, today.tm_yday) else "Yesterday"
    date_button = lambda: next(iter(find("push button", lambda node: (node.name or "").startswith(which + " date, "))), None)
    time_button = lambda: next(iter(find("push button", lambda node: (node.name or "").startswith(which + " time, "))), None)
    if not (acted(date_button, lambda node: node.queryAction().doAction(0)) and
            acted(lambda: inside(which + " date, ", "push button", day), lambda node: node.queryAction().doAction(0)) and
            eventually(lambda: date_button().name == f"{which} date, {day}")):
        return False
    if not (acted(time_button, lambda node: node.queryAction().doAction(0)) and focus_window(window)):
        return False
    time.sleep(0.5)
    for part, after in ((f"{when.tm_hour:02d}", "Tab"), (f"{when.tm_min:02d}", "Return")):
        subprocess.run(["xdotool", "key", "--clearmodifiers", "ctrl+a"], capture_output=True)
        subprocess.run(["xdotool", "type", "--delay", "30", part], capture_output=True)
        subprocess.run(["xdotool", "key", "--clearmodifiers", after], capture_output=True)
    return eventually(lambda: time_button().name == f"{which} time, {when.tm_hour:02d}:{when.tm_min:02d}") and \
        eventually(lambda: not time_popover_open(which))


def minute(moment):
    """A moment to the minute, as the editor's fields set it."""
    return int(moment) // 60 * 60


now = time.time()
check("FR-005 new dates and times set and saved",
      set_moment("Start", now - 5 * 3600) and set_moment("End", now - 3600) and press("Save"), names(named("St")) + names(named("End")))
check("FR-005 isletd's fast now lasted 4 hours, from the minute set to the minute set",
      eventually(lambda: [r[3] for r in history_rows()] == [str(minute(now - 3600) - minute(now - 5 * 3600))] and
                 history_rows()[0][5] == str(minute(now - 5 * 3600) * 1000000)), history_rows())
check("FR-005 the page shows it", eventually(lambda: any(l.startswith("4 h") for l in labels())), labels())
check("FR-005 Add a Fast pressed", eventually(lambda: press("Add a Fast…")))
check("FR-005 a forgotten fast set and saved",
      eventually(lambda: dialog_open("Add a Fast")) and set_moment("Start", now - 22 * 3600, "Add a Fast") and
      set_moment("End", now - 6 * 3600, "Add a Fast") and press("Save"))
check("FR-005 isletd has it, 16 hours, with the daily goal (the edited one kept its none)",
      eventually(lambda: sorted((r[3], r[4]) for r in history_rows()) == [("14400", "0"), ("57600", "57600")]), history_rows())
check("FR-005 the chart counts both days", show_page("Progress") and
      eventually(lambda: any("the goal met on 1" in n.name for n in named("Hours fasted"))), names(named("Hours fasted")))
check("FR-005 back to the list", show_page("History"))
shot("history")
check("FR-005 a fast added as it comes (ending now, as long as the daily goal)", press("Add a Fast…") and
      eventually(lambda: dialog_open("Add a Fast")) and
      eventually(lambda: find("push button", lambda node: node.name == "End date, Today") != []) and press("Save"))
check("FR-005 it overlaps: refused in isletd's words, nothing added",
      eventually(lambda: any("overlaps another fast" in l for l in labels())) and len(history_rows()) == 2, labels())
check("FR-005 the editor stays open", dialog_open("Add a Fast"))
shot("history-refused")
check("FR-005 Escape in the time's popover closes it, not the editor",
      click(["push button"], next(n.name for n in find("push button") if n.name.startswith("End time, "))) and
      eventually(lambda: time_popover_open("End")) and key_in_window("Add a Fast", "Escape") and
      eventually(lambda: not time_popover_open("End")) and dialog_open("Add a Fast"),
      [(n.name, shown(n)) for n in inside_all("End time, ", "spin button")])
check("FR-005 Escape closes the editor, nothing added", key_in_window("Add a Fast", "Escape") and
      eventually(lambda: not dialog_open("Add a Fast")) and len(history_rows()) == 2)
check("FR-005 Ctrl+N opens it for a fast to add", keys_in("^islet$", "ctrl+n") and eventually(lambda: dialog_open("Add a Fast")))
check("FR-005 ... Cancel closes it", press("Cancel") and eventually(lambda: not dialog_open("Add a Fast")))

# Issue 44: a note and a rating per fast, the calendar, the longer charts, export and import.
def history_json():
    return subprocess.run([islet, "history", "export", "--format", "json"], capture_output=True, text=True).stdout


def activate(action, *parameters):
    """The app's action, as a script (or `islet open`) asks for it on the bus."""
    argument = "[" + ", ".join(f"<'{p}'>" for p in parameters) + "]"
    return subprocess.run(["gdbus", "call", "--session", "--dest", "org.islet.Islet.App", "--object-path", "/org/islet/Islet/App",
                           "--method", "org.freedesktop.Application.ActivateAction", action, argument, "{}"],
                          capture_output=True, text=True).returncode == 0


check("FR-005 Edit pressed for a note", eventually(lambda: click(["push button"], next(n.name for n in find("push button") if n.name.startswith("Edit the fast of")))))
check("a note and a rating typed and saved",
      eventually(lambda: dialog_open("Edit the Fast")) and focus_window("Edit the Fast") and type_in_row("Note", "Hungry at 11, fine after") and click(["push button", "toggle button"], "Rated 4 of 5") and press("Save"))
check("isletd keeps the note and the rating", eventually(lambda: '"note":"Hungry at 11, fine after","rating":4' in history_json()), history_json())
check("the fast's row shows them", eventually(lambda: "★★★★☆ Hungry at 11, fine after" in labels()), labels())
shot("history-note")

check("the Progress view", eventually(lambda: show_page("Progress")))
check("the averages are said", eventually(lambda: any(l.startswith("Last 7 days: ") for l in labels())), labels())
check("the year's chart", click(["toggle button", "push button"], "Year") and
      eventually(lambda: any(n.name.startswith("Hours fasted a day on average, month by month") for n in named("Hours fasted"))),
      names(named("Hours fasted")))
check("the week's chart", click(["toggle button", "push button"], "Week") and
      eventually(lambda: any(n.name.startswith("Hours fasted a day, the last 7 days: fasts on ") for n in named("Hours fasted"))),
      names(named("Hours fasted")))
shot("history-statistics")
click(["toggle button", "push button"], "4 Weeks")

this_month = time.strftime("%B %Y")
check("its Calendar, on this month", eventually(lambda: this_month in labels()), labels())
fasted_days = lambda: [n.name for n in find("push button") if n.name.endswith(" fasted") or n.name.endswith(" fasted, goal met")]
check("the days fasted are buttons a screen reader reads", eventually(lambda: len(fasted_days()) >= 1), names(find("push button"))[:50])
check("a day pressed says its figures", eventually(lambda: click(["push button"], fasted_days()[0])) and
      eventually(lambda: fasted_days()[0] in labels()), labels())
check("... under the chart: the page scrolls to it", scroll_to_end() and
      eventually(lambda: 60 <= button("Next month").queryComponent().getExtents(pyatspi.WINDOW_COORDS).y <= 560))
shot("history-calendar")
# The month before this one by the calendar (not by a count of days: on the 29th, 28 days back
# is still this month).
year, month = time.localtime()[:2]
previous = time.strftime("%B %Y", (year - 1, 12, 1, 0, 0, 0, 0, 1, -1) if month == 1 else (year, month - 1, 1, 0, 0, 0, 0, 1, -1))
check("the previous month", press("Previous month") and eventually(lambda: previous in labels()), labels())
check("and back", press("Next month") and eventually(lambda: this_month in labels()), labels())
show_page("History")

exported = os.path.join(os.environ["HOME"], "exported.json")
check("the history exported (the export-history-to action)", activate("export-history-to", exported) and
      eventually(lambda: os.path.exists(exported) and open(exported).read() == history_json()),
      open(exported).read() if os.path.exists(exported) else "no file")
check("... said in a toast: the file's name, not its path", eventually(lambda: any(l.startswith("Exported 2 fasts to ") and "/" not in l for l in labels())), labels())
fasttrack = os.path.join(os.environ["HOME"], "fastingLogbook.csv")
with open(fasttrack, "w") as f:
    f.write("ID,Start Date,Start Time,Duration (hours)\n1,2025-01-01,20:00,16\n2,2025-01-03,19:30,18\n3,2025-01-03,21:00,10\n")
before = len(history_rows())
check("FastTrack's file checked (import-history-from)", activate("import-history-from", fasttrack) and
      eventually(lambda: "FastTrack CSV, 3 fasts: 2 to add, 0 already in the history, 1 cannot be imported." in labels()), labels())
check("... the line that cannot be imported named", "line 4: it overlaps line 3 of this file" in labels(), labels())
check("nothing added by the check", len(history_rows()) == before, history_rows())
shot("history-import")
check("Import the Rest pressed", eventually(lambda: press_named("Import")))
check("isletd has the two fasts", eventually(lambda: len(history_rows()) == before + 2), history_rows())
check("... said in a toast", eventually(lambda: "Imported 2 fasts; 0 already in the history." in labels()), labels())
def chooser():
    """The file chooser's window (GTK 4.8 makes it a top-level "filler"), or None."""
    root = app()
    found = [root.getChildAtIndex(i) for i in range(root.childCount)] if root is not None else []
    return next((w for w in found if w is not None and w.name == "Export the History"), None)


check("the main menu's Export the History… opens a file chooser", eventually(lambda: click(["toggle button", "push button"], "Main Menu")) and
      eventually(lambda: click(["menu item", "push button"], "Export the History…")) and eventually(lambda: chooser() is not None),
      names(app().getChildAtIndex(i) for i in range(app().childCount)) if app() else "no app")
def escape_chooser():
    """Escape on the chooser's window (xdotool may then say BadWindow: the window went)."""
    subprocess.run(["xdotool", "search", "--name", "^Export the History$", "windowfocus", "--sync", "key", "Escape"], capture_output=True)
    return chooser() is None


check("... and Escape closes it", eventually(escape_chooser))

# The keyboard: Ctrl+1 ... Ctrl+5 turn the pages, Ctrl+? shows the shortcuts window, and the
# header bar's menu is named for a screen reader.


def keys(*names):
    focus = subprocess.run(["xdotool", "search", "--name", "^islet$", "windowfocus", "--sync"], capture_output=True, text=True)
    for name in names:
        subprocess.run(["xdotool", "key", "--clearmodifiers", name], capture_output=True)
    return focus.returncode == 0


def typed_until(type_keys, done, tries, wait):
    """type_keys() again until done() (given `wait` s each time), at most `tries` times: under
    Xvfb, with no window manager, a key can come before a window takes keys or miss a popover."""
    for _ in range(tries):
        type_keys()
        if eventually(done, wait):
            return True
    return False


check("Ctrl+3: History", keys("ctrl+3") and eventually(lambda: page_shown("History") and not page_shown("Fast")))
check("Ctrl+4: Progress", keys("ctrl+4") and eventually(lambda: page_shown("Progress") and not page_shown("History")))
check("Ctrl+5: Timers", keys("ctrl+5") and eventually(lambda: page_shown("Timers")))
check("five views: no Settings view", eventually(lambda: page_shown("Timers")) and find("page tab", lambda n: n.name == "Settings") == [],
      names(find("page tab")))
check("Ctrl+, opens the Preferences window", keys("ctrl+comma") and eventually(lambda: switch("Live Display") is not None),
      names(find("check box") + find("switch")))
check("islet-notify is not running: its settings are not offered, and the window says why",
      eventually(lambda: "islet-notify is not running: it shows these and keeps them." in labels()) and
      switch("Lock Screen") is not None and not switch("Lock Screen").getState().contains(pyatspi.STATE_SENSITIVE), labels())
shot("settings-no-notify")
check("... and its Close closes it", close_preferences(), visible_windows())
check("... then a screen reader asking past the last window leaves the app running", survives_a_late_question(),
      f"exit status {window.poll()}")
check("Ctrl+1: Fast", keys("ctrl+1") and eventually(lambda: page_shown("Fast")))
check("Ctrl+Return starts a fast", keys("ctrl+Return") and eventually(fasting))
check("Ctrl+Return stops it", keys("ctrl+Return") and eventually(lambda: not fasting()))
check("the header bar's menu is named", eventually(lambda: find("toggle button", lambda n: n.name == "Main Menu") != [] or
                                                   button("Main Menu") is not None), names(find("toggle button")))


def words_in(crop):
    """What tesseract reads in a strip of the screen (the window is at 0,0: no window manager)."""
    subprocess.run(["import", "-window", "root", "-crop", crop, "+repage", "/tmp/islet-app-strip.png"], capture_output=True)
    subprocess.run(["convert", "/tmp/islet-app-strip.png", "-resize", "300%", "-threshold", "60%", "/tmp/islet-app-strip-big.png"],
                   capture_output=True)
    return subprocess.run(["tesseract", "/tmp/islet-app-strip-big.png", "-", "--psm", "6"], capture_output=True, text=True).stdout


def bottom_words(width=380):
    """The window's bottom 70 pixels, read."""
    return words_in(f"{width}x70+0+530")


def main_menu_words():
    """What tesseract reads where the main menu drops down from its button."""
    return words_in("300x240+420+40")


def close_main_menu():
    """Escape typed, again should the first not be taken. With no window manager, once a dialog
    of the app's has closed, a key may miss an open popover (a menu opened by a click as well):
    Xvfb's alone, as on GNOME Shell's window manager the first Escape closes the menu, also
    after Preferences came and went (Tests/Desktops/gnome-app.sh)."""
    return typed_until(lambda: keys("Escape"), lambda: "Keyboard Shortcuts" not in main_menu_words(), tries=3, wait=3)


check("F10 opens the main menu (OCR), as GNOME's HIG asks of a primary menu",
      keys("F10") and eventually(lambda: "Keyboard Shortcuts" in main_menu_words()), main_menu_words())
check("... and Escape closes it (OCR)", close_main_menu(), main_menu_words())


# History's header bar holds Add a Fast besides the window's buttons: at the default width the
# five views' switcher still fits there (libadwaita 1.2's own switcher title gave it up for the
# bottom bar on History alone, so it jumped as the views changed).
check("History at 720 px: the views' switcher in the header bar, none at the bottom (OCR)",
      show_page("History") and eventually(lambda: "Timers" in words_in("720x50+0+0") and "Timers" not in bottom_words(720)),
      f"{words_in('720x50+0+0')!r} / {bottom_words(720)!r}")
show_page("Fast")
wide = bottom_words()
window_id = subprocess.run(["xdotool", "search", "--name", "^islet$"], capture_output=True, text=True).stdout.split()[:1]
check("a narrow window (380 px)", bool(window_id) and subprocess.run(["xdotool", "windowsize", window_id[0], "380", "600"]).returncode == 0)
check("narrow: the pages' switcher is a bar at the bottom (OCR)", eventually(lambda: "Timers" in bottom_words() and "Timers" not in wide),
      f"{wide!r} then {bottom_words()!r}")
shot("narrow", 380)
subprocess.run(["xdotool", "windowsize", window_id[0] if window_id else "0", "720", "600"], capture_output=True)
check("Ctrl+? shows the shortcuts window", keys("ctrl+question") and
      eventually(lambda: "Start or Stop the Fast" in labels() and "Close Window" in labels() and "Main Menu" in labels() and
                 all(group in labels() for group in ("Views", "Fasting", "General"))), labels())
shot("shortcuts")
def close_shortcuts():
    """Escape typed into the shortcuts window itself, found by its title (Xvfb has no window
    manager to give it the keys), again should the first come before the window takes keys."""
    return typed_until(lambda: keys_in("^Keyboard Shortcuts$", "Escape"), lambda: app() is not None and app().childCount == 1,
                       tries=5, wait=2)


check("Escape closes the shortcuts window", close_shortcuts(), visible_windows())
check("the shortcuts window closed, a screen reader asking past the last window leaves the app running",
      survives_a_late_question(), f"exit status {window.poll()}")

window.terminate()
window.wait(timeout=10)


# Opening the app from elsewhere: D-Bus activation (its .service), `islet open`, the desktop
# entry's actions (a second islet-app hands them to the first), a notification's click.
def run(*command):
    return subprocess.run(list(command), capture_output=True, text=True, timeout=30)


def quit_app():
    """SIGTERM, then waits until the process is gone, not only its window: until then it owns
    org.islet.Islet.App, and a D-Bus activation meant for the next instance reaches it as it
    leaves (seen: a click's Activate answered NoReply)."""
    subprocess.run(["pkill", "-f", os.environ["ISLET_TEST_APP"]])
    return eventually(lambda: app() is None and run("pgrep", "-f", os.environ["ISLET_TEST_APP"]).stdout.strip() == "")


check("the window closed: the app is gone", eventually(lambda: app() is None))
check("islet open timers: exit 0", run(islet, "open", "timers").returncode == 0)
check("islet open timers: the bus started the app, on the Timers page",
      eventually(lambda: app() is not None and page_shown("Timers") and not page_shown("Fast")), names(find("page tab")))
check("islet open history: the running app turns to History", run(islet, "open", "history").returncode == 0 and
      eventually(lambda: page_shown("History")))
check("desktop action Start Fast (islet-app --action start-fast, handed to the running app)",
      run(os.environ["ISLET_TEST_APP"], "--action", "start-fast").returncode == 0 and eventually(fasting) and
      eventually(lambda: page_shown("Fast")))
check("desktop action Stop Fast", run(os.environ["ISLET_TEST_APP"], "--action", "stop-fast").returncode == 0 and
      eventually(lambda: not fasting()))
check("an unknown action is refused in words", "no action" in run(os.environ["ISLET_TEST_APP"], "--action", "dance").stderr)
check("one instance: still one islet-app", len(run("pgrep", "-f", os.environ["ISLET_TEST_APP"]).stdout.split()) == 1,
      run("pgrep", "-af", "islet-app").stdout)
check("the app quits", quit_app())

# A click on the live notification (dunst, a real server: `dunstctl action 0` is its default
# action) opens the app on the activity's page, through islet-notify.
os.makedirs(os.path.join(os.environ["HOME"], ".config", "islet"), exist_ok=True)
with open(os.path.join(os.environ["HOME"], ".config", "islet", "config.toml"), "w") as f:
    f.write("# my own note: keep the buttons\nbuttons = true\n")
dunst = subprocess.Popen(["dunst", "-config", os.environ["ISLET_TEST_DUNSTRC"]], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
notify_log = open(os.path.join(os.environ["HOME"], "islet-notify.log"), "w")
bridge = subprocess.Popen([os.environ["ISLET_TEST_NOTIFY"], "--verbose"], stdout=notify_log, stderr=subprocess.STDOUT)
run(islet, "goal", "set", "16h")
run(islet, "fast", "start")
check("dunst shows the fast's notification", eventually(lambda: run("dunstctl", "count", "displayed").stdout.strip() not in ("", "0")))
check("a click on it (dunstctl action 0) opens the app on the Fast page",
      run("dunstctl", "action", "0").returncode == 0 and eventually(lambda: app() is not None and page_shown("Fast")),
      open(os.path.join(os.environ["HOME"], "islet-notify.log")).read()[-600:])
check("the fast goes on", fasting())

# The Preferences window (the main menu's Preferences): each setting changed by a call to the program that owns it: isletd's
# on isletd, islet-notify's on org.islet.Notify1, which writes the one line into its config.toml (the user's own lines kept) and
# takes it at once; an edit of the file by hand shows in the open window.
config = os.path.join(os.environ["HOME"], ".config", "islet", "config.toml")


def config_text():
    try:
        return open(config).read()
    except OSError:
        return ""


def activity_property(name):
    out = subprocess.run(["gdbus", "call", "--session", "--dest", "org.islet.Islet1", "--object-path", "/org/islet/Islet1",
                          "--method", "org.freedesktop.DBus.Properties.Get", "org.islet.Islet1.LiveActivity", name],
                         capture_output=True, text=True).stdout
    return out.strip()


def bridge_log():
    return open(os.path.join(os.environ["HOME"], "islet-notify.log")).read()


def preferences():
    """The Preferences window, from the header bar's main menu as a person opens it."""
    return eventually(lambda: click(["toggle button", "push button"], "Main Menu")) and \
        eventually(lambda: click(["menu item", "push button"], "Preferences")) and eventually(lambda: "Preferences" in visible_windows())


check("the Preferences window from the main menu", preferences(), names(find("menu item")))
check("live activities shown as on (a switch)", eventually(lambda: checked("Live Display")))
check("the standard style is marked", eventually(lambda: checked("Standard Style")))
check("the minimal style chosen", click(["push button", "toggle button"], "Minimal Style"))
check("config.toml says so, the user's note kept", eventually(lambda: 'style = "minimal"' in config_text() and "# my own note" in config_text()),
      config_text())
check("islet-notify took it at once, in the same process", eventually(lambda: "settings changed: style minimal" in bridge_log())
      and bridge_log().count("started, style") == 1, bridge_log()[-400:])
check("the lock screen turned off (its switch's action, as a screen reader turns it)", toggle("Lock Screen") and
      eventually(lambda: not checked("Lock Screen")))
check("config.toml: lock_screen = false", eventually(lambda: "lock_screen = false" in config_text()), config_text())
# What other apps show (contract 1.4's sources): islet-notify follows them, and stops when turned off.
check("From Other Apps: media players and Pomodoro apps, shown as on", eventually(lambda: checked("Media Players") and checked("Pomodoro Apps")))
check("media players turned off", toggle("Media Players") and eventually(lambda: not checked("Media Players")))
check("config.toml: players = false, and islet-notify follows no player", eventually(lambda: "players = false" in config_text()
      and "players: no longer followed" in bridge_log()), config_text())
check("media players on again", toggle("Media Players") and eventually(lambda: "players = true" in config_text()
      and bridge_log().count("players: followed") == 2), bridge_log()[-400:])
check("a finished timer stays 30 s (an entry row and its apply button)", type_in_row("Finished Timer Stays", "30s") and
      press("Apply: Finished Timer Stays"))
check("isletd's LingerSeconds 30 (isletd keeps it; config.toml, which does not set it, is left so)",
      eventually(lambda: activity_property("LingerSeconds").endswith("30>,)")) and "linger_seconds" not in config_text(),
      f"{activity_property('LingerSeconds')} {config_text()}")
with open(config + ".new", "w") as f:
    f.write(config_text().replace("lock_screen = false", "lock_screen = true"))
os.rename(config + ".new", config)
check("lock_screen = true saved by hand: the open window's switch follows", eventually(lambda: checked("Lock Screen")), config_text())
check("a linger written badly is refused in words", type_in_row("Finished Timer Stays", "forever") and
      press("Apply: Finished Timer Stays") and eventually(lambda: any(l.startswith("A finished timer stays 0 seconds") for l in labels())))
check("live activities turned off", toggle("Live Display"))
check("isletd's Enabled is false", eventually(lambda: "false" in activity_property("Enabled")), activity_property("Enabled"))
shot("settings")
toggle("Live Display")
check("and on again", eventually(lambda: "true" in activity_property("Enabled")), activity_property("Enabled"))


def scrolled_to_the_end():
    """The Preferences page scrolled to its end by the mouse wheel over it (xdotool), for the
    picture of its last group."""
    return subprocess.run(["xdotool", "mousemove", "320", "420", "click", "--repeat", "20", "--delay", "40", "5"]).returncode == 0


if scrolled_to_the_end():
    shot("settings-other-apps")
check("Escape closes the Preferences window", close_preferences())

# Issue 45: the ring said in words, the goal as a clock time, stages only when on, Fix Times
# (the running fast's start moved, an overlap refused in words; a stop at a clock time), the
# eating window, the schedule, neutral mode hiding every streak.
def clock(seconds):
    return time.strftime("%H:%M", time.localtime(seconds))


def schedule_property():
    return subprocess.run(["gdbus", "call", "--session", "--dest", "org.islet.Islet1", "--object-path", "/org/islet/Islet1",
                           "--method", "org.freedesktop.DBus.Properties.Get", "org.islet.Islet1.Fasting", "Schedule"],
                          capture_output=True, text=True).stdout


def ring():
    found = find("progress bar", lambda n: "fasted" in n.name or n.name == "Not fasting")
    return found[0].name if found else ""


run(islet, "fast", "stop")
for line in subprocess.run([islet, "history", "list", "--format", "csv"], capture_output=True, text=True).stdout.splitlines()[1:]:
    subprocess.run([islet, "history", "delete", line.split(",")[0]], capture_output=True)
now = time.time()
# A fast that ended 5 hours ago; the running one began an hour ago, its goal 16 hours.
subprocess.run(["gdbus", "call", "--session", "--dest", "org.islet.Islet1", "--object-path", "/org/islet/Islet1", "--method",
                "org.islet.Islet1.Fasting.AddFast", str(int((now - 10 * 3600) * 1e6)), str(int((now - 5 * 3600) * 1e6)), "0"],
               capture_output=True)
run(islet, "goal", "set", "16h")
run(islet, "fast", "start", "--at=-1h")
check("the Fast page for issue 45", eventually(lambda: show_page("Fast")))
check("the ring says the fast in words", eventually(lambda: ring().startswith("6 percent of the goal of 16 hours, 1 hour")), ring())
check("no stage while stages are off", not any(l.startswith("Stage:") for l in labels()), labels())
check("the Started time's button opens its field", eventually(lambda: click(["toggle button", "push button"], "Change When the Fast Started")) and
      eventually(lambda: find("text", lambda n: n.name == "When the fast really started") != []))
check("the start moved to 3 hours ago", type_into("When the fast really started", "3h ago") and press("Change Start"))
check("isletd's fast began 3 hours ago", eventually(lambda: abs(now - 3 * 3600 - fasting_property("StartedAtUSec") / 1e6) < 90),
      fasting_property("StartedAtUSec"))
check("the ring follows", eventually(lambda: ring().startswith("18 percent of the goal of 16 hours, 3 hours")), ring())
goal_end = fasting_property("StartedAtUSec") / 1e6 + 16 * 3600
goal_at = ("Today " if time.localtime(goal_end).tm_yday == time.localtime().tm_yday else "Tomorrow ") + clock(goal_end)
check("the goal as a clock time, said as people say it, under Goal", eventually(lambda: goal_at in labels()), f"{goal_at}: {labels()}")
check("the goal's length under its clock time", "16 hours" in labels(), labels())
check("a start over the last fast is refused in words",
      in_popover("Change When the Fast Started", "When the fast really started", "6h ago", "Change Start") and
      eventually(lambda: any(l.startswith("that start overlaps a completed fast, which ended at") for l in labels())) and
      abs(now - 3 * 3600 - fasting_property("StartedAtUSec") / 1e6) < 90, labels())
check("Preferences: stages on", preferences() and toggle("Fasting Stages") and close_preferences())
check("isletd's ShowStages", eventually(lambda: "true" in subprocess.run(
    ["gdbus", "call", "--session", "--dest", "org.islet.Islet1", "--object-path", "/org/islet/Islet1", "--method",
     "org.freedesktop.DBus.Properties.Get", "org.islet.Islet1.Fasting", "ShowStages"], capture_output=True, text=True).stdout))
# Catabolic 4 h in: said with "tomorrow" when that is after midnight (a fast begun after 20:00).
catabolic_at = fasting_property("StartedAtUSec") / 1e6 + 4 * 3600
stage = "Stage: Anabolic · Catabolic at " + clock(catabolic_at) + (
    "" if on_today(catabolic_at) else " tomorrow")
check("the stage and the next one on the Fast page, as a rule of thumb", eventually(lambda: show_page("Fast")) and
      eventually(lambda: stage in labels() and any("rule of thumb" in l for l in labels())), f"{stage}: {labels()}")
stop_at = now - 30 * 60
check("stop at a clock time (the split button's Stopped Earlier…)",
      in_popover("Stopped Earlier…", "When the fast really ended", clock(stop_at), "Stop at That Time"))
minute = int(stop_at // 60 * 60 * 1_000_000)
check("isletd recorded that minute", eventually(lambda: f'"ended_at_usec":{minute}' in history_json()), history_json()[:300])
# Said with "yesterday" when the fast ended before midnight (the suite run just after it).
eating_since = "Eating · since " + clock(stop_at) + ("" if on_today(stop_at) else " yesterday")
check("not fasting: the eating window since then", eventually(lambda: eating_since in labels()), f"{eating_since}: {labels()}")
check("the Goal page's schedule", eventually(lambda: show_page("Goal")) and
      toggle("Fasting Schedule"))
check("isletd's schedule is on", eventually(lambda: "'enabled': <true>" in schedule_property()), schedule_property())
check("21:30 typed and set", type_in_row("Start Time", "21:30") and press("Apply: Start Time"))
check("every day at 21:30 (1290 minutes)", eventually(lambda: "1290, 1290, 1290, 1290, 1290, 1290, 1290" in schedule_property()),
      schedule_property())
def fast_on_days():
    return [n for n in names(find("push button") + find("toggle button")) if n.startswith("Fast on ")]


check("Sunday off", eventually(lambda: click(["push button", "toggle button"], fast_on_days()[-1])) and
      eventually(lambda: "1290, 1290, 1290, 1290, 1290, 1290, 65535" in schedule_property()), f"{fast_on_days()} {schedule_property()}")
check("the schedule said in words", eventually(lambda: any(l.startswith("Mon–Sat 21:30") for l in labels())), labels())
if shots:  # the group is at the page's foot: the wheel scrolls it into view
    subprocess.run(["xdotool", "mousemove", "360", "300", "click", "--repeat", "25", "--delay", "20", "5"], capture_output=True)
    time.sleep(0.8)
shot("schedule")
check("the Fast page names the next fast", eventually(lambda: show_page("Fast")) and
      eventually(lambda: any(l.startswith("Eating · since ") and " · next fast at " in l and "21:30" in l for l in labels())), labels())



check("Progress shows streaks", eventually(lambda: show_page("Progress")) and eventually(lambda: "Current streak: " in statistics()), statistics())
check("neutral mode on", preferences() and toggle("Neutral Mode") and close_preferences())
check("neutral mode hides every streak", eventually(lambda: show_page("Fast")) and
      eventually(lambda: show_page("Progress")) and eventually(lambda: statistics().startswith("Fasts: 2") and
                                                                          "streak" not in statistics().lower()), statistics())
check("and islet stats agrees", "streak" not in run(islet, "stats").stdout.lower())
for command in (["settings", "neutral", "off"], ["settings", "stages", "off"], ["schedule", "off"]):
    run(islet, *command)

# A long history (issue 44), imported on the command line while Progress is shown: its figures
# follow (HistoryChanged); then History, with widgets only for the rows on screen, and the
# keyboard walking on past them, the list scrolling as it goes.
check("Progress is shown", page_shown("Progress"))
long_history = os.path.join(os.environ["XDG_RUNTIME_DIR"], "long-history.csv")
with open(long_history, "w") as out:
    out.write("started_at_usec,ended_at_usec,goal_seconds,note,rating\n")
    day = 86400 * 1_000_000
    first_day = (int(time.time()) // 86400 - 40) * day
    for i in range(300):
        out.write(f"{first_day - i * day},{first_day - i * day + 16 * 3600 * 1_000_000},57600,,0\n")
check("300 more fasts imported", run(islet, "history", "import", long_history).returncode == 0 and len(history_rows()) == 302,
      len(history_rows()))


def edit_buttons():
    return [n for n in names(find("push button")) if n.startswith("Edit the fast of")]


def focused():
    found = find("push button", lambda n: n.getState().contains(pyatspi.STATE_FOCUSED))
    return names(found)[0] if found else ""


check("the figures follow at once (HistoryChanged)", eventually(lambda: statistics().startswith("Fasts: 302")), statistics())
check("the list of fasts is a list a screen reader names", eventually(lambda: show_page("History")) and
      eventually(lambda: names(find("list")).count("Fasts") == 1), names(find("list")))
check("a long history: widgets for the rows on screen only (302 fasts)", eventually(lambda: 5 <= len(edit_buttons()) <= 20),
      edit_buttons())
on_screen = edit_buttons()
check("Edit, then Cancel: the focus back on that row's Edit", eventually(lambda: click(["push button"], on_screen[0])) and
      eventually(lambda: press("Cancel")) and eventually(lambda: focused() == on_screen[0]), focused())
check("Add a Fast (in the header bar), then Cancel: the focus back on Add a Fast", press("Add a Fast…") and
      eventually(lambda: press("Cancel")) and eventually(lambda: focused() == "Add a Fast…"), focused())
check("Edit again: the focus on the first row's Edit once more", eventually(lambda: click(["push button"], on_screen[0])) and
      eventually(lambda: press("Cancel")) and eventually(lambda: focused() == on_screen[0]), focused())
check("Tab: the same row's Delete", keys("Tab") and eventually(lambda: focused() == on_screen[0].replace("Edit", "Delete", 1)), focused())
check("Tab: the next row's Edit", keys("Tab") and eventually(lambda: focused() == on_screen[1]), focused())
walked = [focused()]
for _ in range(len(on_screen) + 4):
    keys("Down")
    eventually(lambda: focused() not in walked)
    walked.append(focused())
check("Down walks row by row past the screen's last, the list scrolling",
      walked[:len(on_screen) - 1] == on_screen[1:] and len(set(walked)) == len(walked) and all(walked) and
      not set(walked[len(on_screen):]) & set(on_screen), walked)
check("the row with the focus is on screen, the first ones gone", eventually(lambda: walked[-1] in edit_buttons() and
                                                                            on_screen[0] not in edit_buttons()), edit_buttons())
check("still widgets for a screenful only", 5 <= len(edit_buttons()) <= 20, edit_buttons())
check("Up goes back a row", keys("Up") and eventually(lambda: focused() == walked[-2]), focused())
check("Shift+Tab: the row above's Delete", keys("shift+Tab") and
      eventually(lambda: focused() == walked[-3].replace("Edit", "Delete", 1)), focused())
check("Home: the first row's Edit", keys("Home") and eventually(lambda: focused() == on_screen[0]), focused())
check("Page Down: a screenful further down", keys("Page_Down") and
      eventually(lambda: focused() in walked[max(0, len(on_screen) - 4):len(on_screen) + 1]), f"{focused()} {walked}")
last_row = "Edit the fast of " + time.strftime("%Y-%m-%d %H:%M", time.localtime((first_day - 299 * day) // 1_000_000))
check("End: the last row's Edit, the oldest fast (its page read as it came into view)", keys("End") and
      eventually(lambda: focused() == last_row and edit_buttons()[-1] == last_row), f"{focused()} {edit_buttons()}")
check("Page Up: a screenful back up", keys("Page_Up") and eventually(lambda: focused() != last_row and focused() in edit_buttons()),
      f"{focused()} {edit_buttons()}")
oldest = run(islet, "history", "list", "--format", "csv").stdout.splitlines()[-1].split(",")[0]
check("a fast deleted on the command line leaves the page (HistoryChanged)", run(islet, "history", "delete", oldest).returncode == 0 and
      show_page("Progress") and eventually(lambda: statistics().startswith("Fasts: 301")), statistics())
# Contract 1.4: a song that plays (a real mpv with Debian's mpv-mpris, followed by islet-notify) has a card on the Timers page,
# headed by the player's own desktop entry (its name and icon), with the buttons it offers: a press reaches mpv.
run(islet, "fast", "stop")
# A song of ten minutes with its cover beside it (cover.png: mpv-mpris gives it as the art, which the card shows).
album = os.path.join(os.environ["HOME"], "album")
os.makedirs(album, exist_ok=True)
with wave.open(os.path.join(album, "song.wav"), "wb") as w:
    w.setnchannels(1), w.setsampwidth(1), w.setframerate(8000), w.writeframes(bytes([128]) * 8000 * 600)
run(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures", "cover-png"), os.path.join(album, "cover.png"))
song = subprocess.Popen(["mpv", "--no-config", "--no-video", "--ao=null", "--script=/etc/mpv/scripts/mpris.so", "--force-media-title=Tea Song",
                         os.path.join(album, "song.wav")], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def player_status():
    return run("playerctl", "--player=mpv", "status").stdout.strip()


mpv_name = next((line[5:].strip() for line in open("/usr/share/applications/mpv.desktop") if line.startswith("Name=")), "mpv")
check("a song on the island: the Timers page has its card, the player's name from its desktop entry, the song's title",
      show_page("Timers") and eventually(lambda: island_label() == "Shown live: Tea Song" and mpv_name in labels() and "Tea Song" in labels()
                                         and button(f"Pause {mpv_name}") is not None and button(f"Next in {mpv_name}") is not None),
      labels())
shot("timers-song")
check("its Pause pressed: mpv pauses, and the button resumes", press(f"Pause {mpv_name}") and
      eventually(lambda: player_status() == "Paused" and button(f"Resume {mpv_name}") is not None), player_status())
check("... Resume pressed: mpv plays again", press(f"Resume {mpv_name}") and eventually(lambda: player_status() == "Playing"),
      player_status())
song.terminate()
song.wait(timeout=10)
check("mpv gone: its card with it", eventually(lambda: button(f"Pause {mpv_name}") is None and island_label() == "Nothing is shown live."),
      labels())
quit_app()
for process in (bridge, dunst):
    process.terminate()
    process.wait(timeout=10)
run(islet, "fast", "stop")
daemon.terminate()
daemon.wait(timeout=10)
print(f"{'all' if failures == 0 else failures} {'checks passed' if failures == 0 else 'failed'}")
sys.exit(1 if failures else 0)
