// The island's pure logic: what the top bar and its menu show of a live activity at one
// moment, computed from the state's timestamps (nothing on the bus ticks). No imports, no
// GNOME: `gjs` runs its tests (Tests/GnomeExtension), and both API generations share it (the
// GNOME 45+ copy gets an export line added by packaging/gnome-shell/build). Top-level
// functions only: GNOME 43's importer exports those, and not `const` or `class`. Plasma's
// applet shares it too (packaging/plasma/build): so no syntax past what Qt 6.4's JavaScript
// engine reads (no object spread), which Tests/Plasma checks.
//
// The texts follow islet's own (Sources/IsletCore/Formatting.swift and Display.swift), so the
// bar, the notification and `islet status` say the same thing.

function islandTwo(n) {
    return n < 10 ? `0${n}` : `${n}`;
}

// "3:12:09" (H:MM:SS).
function islandHms(seconds) {
    return `${Math.floor(seconds / 3600)}:${islandTwo(Math.floor(seconds / 60) % 60)}:${islandTwo(seconds % 60)}`;
}

// "16 h 2 min", "16 h", "45 min", for counts that change once a minute: "16:02" would read
// as a timer's minutes and seconds (Format.hoursMinutes in Sources/IsletCore/Formatting.swift).
function islandHoursMinutes(seconds, tr) {
    const t = tr ?? islandEnglish;
    const hours = Math.floor(seconds / 3600);
    const minutes = Math.floor(seconds / 60) % 60;
    const h = t.gettext('%d h').replace('%d', `${hours}`);
    const m = t.gettext('%d min').replace('%d', `${minutes}`);
    if (hours === 0)
        return m;
    return minutes === 0 ? h : `${h} ${m}`;
}

// "14:05": a moment's local clock time.
function islandClock(usec) {
    const d = new Date(usec / 1000);
    return `${islandTwo(d.getHours())}:${islandTwo(d.getMinutes())}`;
}

// The stages of a fast, a rule of thumb (islet's FastingStages; docs/STAGES.md): hours from
// the start, names in the user's language.
var islandStages = [[0, 'Anabolic'], [4, 'Catabolic'], [16, 'Fat burning'], [24, 'Ketosis']];

// "Stage: Catabolic · Fat burning at 23:09" for a fast started at startedUsec; the last stage
// alone.
function islandStageLine(startedUsec, nowUsec, tr) {
    const t = tr ?? islandEnglish;
    const hours = Math.max(0, nowUsec - startedUsec) / 3600e6;
    let index = 0;
    islandStages.forEach(([from], i) => {
        if (from <= hours)
            index = i;
    });
    const current = t.gettext('Stage: %s').replace('%s', t.gettext(islandStages[index][1]));
    if (index + 1 >= islandStages.length)
        return current;
    const [from, name] = islandStages[index + 1];
    const at = islandWhen(startedUsec + from * 3600e6, nowUsec, t);
    return `${current} · ${t.gettext('%1$s at %2$s').replace('%1$s', t.gettext(name)).replace('%2$s', at)}`;
}

// A moment near now as a clock reads it: "08:00", "08:00 tomorrow", "Mon 08:00" within the week.
function islandWhen(usec, nowUsec, tr) {
    const t = tr ?? islandEnglish;
    const when = new Date(usec / 1000);
    const now = new Date(nowUsec / 1000);
    const midnight = d => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
    const days = Math.round((midnight(when) - midnight(now)) / 86400000);
    const clock = islandClock(usec);
    if (days === 1)
        return t.gettext('%s tomorrow').replace('%s', clock);
    if (days === -1)
        return t.gettext('%s yesterday').replace('%s', clock);
    if (days !== 0)
        return `${when.toLocaleDateString(undefined, {weekday: 'short'})} ${clock}`;
    return clock;
}

// A fast's goal as a clock time, as every islet surface says it: "Goal at 08:00", "Goal at
// 08:00 tomorrow", "Goal at Mon 08:00" within the week; once passed "Goal reached at 08:00".
function islandGoalAt(endUsec, nowUsec, tr) {
    const t = tr ?? islandEnglish;
    return (endUsec <= nowUsec ? t.gettext('Goal reached at %s') : t.gettext('Goal at %s')).replace('%s', islandWhen(endUsec, nowUsec, t));
}

// Timers: "14:32", "02:00", "00:00"; past an hour "1:02:03".
function islandTimerText(seconds) {
    return seconds >= 3600 ? islandHms(seconds) : `${islandTwo(Math.floor(seconds / 60))}:${islandTwo(seconds % 60)}`;
}

// The minimal style: "5:00" (no leading zero), "14:32", "0:00"; past an hour "1:02:03".
function islandMinimalText(seconds) {
    return seconds >= 3600 ? islandHms(seconds) : `${Math.floor(seconds / 60)}:${islandTwo(seconds % 60)}`;
}

// "16 hours", "16 hours 30 minutes", "45 minutes" (tr.ngettext translates the units).
function islandDuration(seconds, tr) {
    const t = tr ?? islandEnglish;
    const parts = [];
    // Each unit's texts written out at its ngettext call, where xgettext finds them.
    const unit = (n, text) => {
        if (n > 0)
            parts.push(text.replace('%d', `${n}`));
    };
    if (seconds >= 86400 && seconds % 86400 === 0) {
        const days = seconds / 86400;
        unit(days, t.ngettext('%d day', '%d days', days));
    } else {
        const hours = Math.floor(seconds / 3600), minutes = Math.floor(seconds / 60) % 60, rest = seconds % 60;
        unit(hours, t.ngettext('%d hour', '%d hours', hours));
        unit(minutes, t.ngettext('%d minute', '%d minutes', minutes));
        unit(rest, t.ngettext('%d second', '%d seconds', rest));
    }
    return parts.length > 0 ? parts.join(' ') : t.ngettext('%d second', '%d seconds', 0).replace('%d', '0');
}

var islandEnglish = {
    gettext: s => s,
    ngettext: (one, many, n) => (n === 1 ? one : many),
};

// Reads one dictionary value that GLib unpacked: numbers for integers (usec timestamps stay
// below 2^53), strings, booleans. Anything else, or a wrong type, counts as absent.
function islandNumber(dict, key) {
    const v = dict ? dict[key] : undefined;
    return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null;
}
function islandString(dict, key) {
    const v = dict ? dict[key] : undefined;
    return typeof v === 'string' ? v : null;
}

// A running fast that has no live activity (no goal, DI-001; or its activity was dismissed,
// or live activities are off), as the island shows it: an app view, not a live activity (the
// panels' "Fasted 1:02:03", FR-003), with Stop Fast. Its id is empty.
function islandFastWithoutActivity(startedAtUsec) {
    if (typeof startedAtUsec !== 'number' || !Number.isFinite(startedAtUsec) || startedAtUsec <= 0)
        return null;
    return {
        id: '',
        owner: 'fasting',
        attributes: {kind: 'fast', title: 'Fasting'},
        state: {status: 'running', started_at_usec: startedAtUsec},
    };
}

// An activity as `LiveActivity.Get` or `ActivityStarted` gives it: (id, owner, attributes,
// state), the dictionaries already unpacked. null for "none" (an empty id).
function islandActivity(id, owner, attributes, state) {
    if (typeof id !== 'string' || id === '')
        return null;
    return {
        id,
        owner: typeof owner === 'string' ? owner : '',
        attributes: attributes && typeof attributes === 'object' ? attributes : {},
        state: state && typeof state === 'object' ? state : {},
    };
}

// Applies a signal of org.islet.Islet1.LiveActivity to the activity held. Returns
// {activity, resync}: resync asks for a fresh `Get` (an update for an activity not known).
function islandApply(activity, signal, args) {
    switch (signal) {
    case 'ActivityStarted':
        return {activity: islandActivity(args[0], args[1], args[2], args[3]), resync: false};
    case 'ActivityUpdated':
        if (activity && activity.id === args[0])
            return {activity: Object.assign({}, activity, {state: args[1] && typeof args[1] === 'object' ? args[1] : {}}), resync: false};
        return {activity, resync: true};
    case 'ActivityEnded':
        if (activity && activity.id === args[0])
            return {activity: null, resync: false};
        return {activity, resync: false};
    default:
        return {activity, resync: false};
    }
}

// "Phase 1/2", "Work · Round 3/8"; null for one-phase timers and fasts; a program's own
// activity's phase as it says it ("Compiling", "Done in 3:12").
function islandPhaseLabel(state, tr, kind) {
    const t = tr ?? islandEnglish;
    const count = islandNumber(state, 'phase_count') ?? 1;
    const rounds = islandNumber(state, 'rounds') ?? 1;
    const index = (islandNumber(state, 'phase_index') ?? 0) + 1;
    const round = islandNumber(state, 'round') ?? 1;
    const name = islandString(state, 'phase_name') ?? '';
    if (rounds > 1) {
        const label = t.gettext('Round %d/%d').replace('%d', `${round}`).replace('%d', `${rounds}`);
        return name === '' ? label : `${name} · ${label}`;
    }
    if (count <= 1)
        return kind === 'custom' && name !== '' ? name : null;
    const position = t.gettext('Phase %d/%d').replace('%d', `${index}`).replace('%d', `${count}`);
    return name === '' || name === `Phase ${index}` ? position : `${name} · ${position}`;
}

// A text's length as islet counts it for the compact mark: in Unicode scalars (Swift's
// `unicodeScalars.count`), not UTF-16 units. By hand: Qt 6's engine iterates a string by its
// UTF-16 units (Array.from gave 12 for "Stretch 🧘🏽", Tests/Plasma).
function islandLength(text) {
    let n = 0;
    for (let i = 0; i < text.length; i++) {
        const unit = text.charCodeAt(i);
        const before = i > 0 ? text.charCodeAt(i - 1) : 0;
        // A low surrogate after a high one is the second half of one scalar.
        if (!(unit >= 0xDC00 && unit <= 0xDFFF && before >= 0xD800 && before <= 0xDBFF))
            n++;
    }
    return n;
}

// The compact mark beside the time: "1/2" for phases, "3/8" (the round) for intervals, with
// the phase's name when it is short: "Work 3/8".
function islandPhaseMark(state, kind) {
    const count = islandNumber(state, 'phase_count') ?? 1;
    const rounds = islandNumber(state, 'rounds') ?? 1;
    const index = (islandNumber(state, 'phase_index') ?? 0) + 1;
    const name = islandString(state, 'phase_name') ?? '';
    let mark;
    if (rounds > 1)
        mark = `${islandNumber(state, 'round') ?? 1}/${rounds}`;
    else if (count > 1)
        mark = `${index}/${count}`;
    else
        return kind === 'custom' && name !== '' && islandLength(name) <= 32 ? name : null;
    return name !== '' && islandLength(name) <= 10 && name !== `Phase ${index}` ? `${name} ${mark}` : mark;
}

var islandStatuses = ['running', 'paused', 'goal-reached', 'completed'];

// The rules every surface shares, at `nowUsec`: the same as islet's own (ActivityView in
// Sources/IsletCore/Display.swift), field for field, which Tests/Fixtures/activity-views.json
// checks on both sides. The result:
//   kind, status, title; time (the standard text, "02:00", "13:00:00") and minimal ("2:00"),
//   null when the activity has no time; remaining and elapsed (whole seconds; remaining null
//   when there is no countdown); mark (the compact mark, "1/2", "Work 3/8", or null); label
//   ("Phase 1/2", or null); percent (0 ... 100 of the displayed time, or null); next (when any
//   of these texts next changes by itself, or null); countsUp; stale.
// The island draws on it: progress (0 ... 1, continuous, or null), countdownNext, elapsedNext,
// startedAt, updatedAt, goal.
function islandFacts(activity, nowUsec, tr) {
    const t = tr ?? islandEnglish;
    const {attributes, state} = activity;
    const kind = islandActivityKind(activity);
    const statusValue = islandString(state, 'status');
    const status = islandStatuses.includes(statusValue) ? statusValue : 'running';
    const given = islandString(state, 'title') ?? islandString(attributes, 'title');
    // A fast's title is the service's "Fasting Goal", said in the user's language.
    const title = kind === 'fast' ? (given === 'Fasting' ? t.gettext('Fasting') : t.gettext('Fasting Goal')) : (given ?? activity.owner);
    // Whose it is (contract 1.4): the name its program gave ("mpv", "Focus Timer") when it is a
    // source's or names its desktop entry, and the title shown is another.
    const named = islandString(attributes, 'title');
    const program = kind === 'custom' && (attributes.source === true || islandAppId(activity) !== null) && named && named !== title
        ? named : null;
    // Its image (contract 1.4's `art_url`, a song's cover): a local file's URL and nothing else.
    const art = kind === 'custom' ? islandArt(state) : null;
    const stale = state.stale === true;
    const second = 1000000;

    const endsAt = islandNumber(state, 'ends_at_usec') ?? 0;
    const startedAt = islandNumber(state, 'started_at_usec') ?? 0;
    const updatedAt = islandNumber(state, 'updated_at_usec') ?? 0;
    const stateRemaining = islandNumber(state, 'remaining_usec');
    const stateElapsed = islandNumber(state, 'elapsed_usec') ?? 0;
    const goal = Math.floor((islandNumber(state, 'goal_usec') ?? 0) / second);

    // A program's activity with no end counts up, as a stopwatch does (`islet run`).
    const countsUp = kind === 'custom' && endsAt === 0 && stateRemaining === null &&
        (islandNumber(state, 'elapsed_usec') !== null || startedAt > 0);

    // Elapsed: a running clock moves on from the state's timestamp.
    let elapsedUsec = stateElapsed;
    if (status === 'running' || status === 'goal-reached') {
        if (kind === 'fast' && startedAt > 0)
            elapsedUsec = Math.max(0, nowUsec - startedAt);
        else if (updatedAt > 0 && nowUsec > updatedAt)
            elapsedUsec = stateElapsed + (nowUsec - updatedAt);
        else if (countsUp && updatedAt === 0 && startedAt > 0)
            elapsedUsec = Math.max(0, nowUsec - startedAt);
    }
    const elapsed = Math.floor(elapsedUsec / second);

    // Time left, whole seconds rounded up: a running countdown never shows 0 by itself (that
    // comes with the service's `completed`).
    let remaining = null;
    let countdownNext = null;
    let leftUsec = null;
    if (status === 'running' && endsAt > 0) {
        leftUsec = Math.max(0, endsAt - nowUsec);
        remaining = Math.max(1, Math.ceil(leftUsec / second));
        if (remaining > 1)
            countdownNext = endsAt - (remaining - 1) * second;
    } else if (status === 'running' || status === 'paused') {
        if (stateRemaining !== null) {
            leftUsec = stateRemaining;
            remaining = Math.max(status === 'paused' ? 0 : 1, Math.ceil(stateRemaining / second));
        }
    } else if (!countsUp) {
        remaining = 0;
        leftUsec = 0;
    }
    if (countsUp && status === 'running')
        countdownNext = nowUsec + ((elapsed + 1) * second - elapsedUsec);
    // A fast's time fasted changes on its own second (shown beside the countdown, and alone
    // once the goal is reached or where there is none).
    const elapsedNext = kind === 'fast' && startedAt > 0 && (status === 'running' || status === 'goal-reached')
        ? startedAt + (elapsed + 1) * second : null;
    let next = countdownNext;
    if (elapsedNext !== null)
        next = status === 'goal-reached' || endsAt === 0 || next === null ? elapsedNext : Math.min(next, elapsedNext);
    const hasTime = remaining !== null || kind !== 'custom' || countsUp;

    // Percent of the displayed time (it moves when the text does), as the panels say it; and
    // progress, continuous, for a bar. A progress outside 0 ... 1 says nothing.
    const givenProgress = typeof state.progress === 'number' && state.progress >= 0 && state.progress <= 1 ? state.progress : null;
    let percent = null;
    let progress = null;
    if (status === 'goal-reached' || status === 'completed') {
        percent = 100;
        progress = 1;
    } else {
        const length = kind === 'fast'
            ? (goal > 0 ? goal * second : null)
            : (stateRemaining !== null ? stateRemaining + stateElapsed : null);
        if (length && length > 0 && remaining !== null) {
            percent = Math.floor((length - Math.min(length, remaining * second)) * 100 / length);
            progress = Math.min(1, Math.max(0, (length - Math.min(length, leftUsec)) / length));
        } else if (givenProgress !== null) {
            percent = Math.floor(givenProgress * 100);
            progress = givenProgress;
        }
    }

    // A goal-reached fast counts up; everything else counts down.
    const shown = kind === 'fast' && status === 'goal-reached' ? elapsed : (remaining ?? elapsed);
    const phaseMark = islandPhaseMark(state, kind);
    return {
        kind, status, title, program, art,
        time: hasTime ? (kind === 'fast' ? islandHms(shown) : islandTimerText(shown)) : null,
        minimal: hasTime ? islandMinimalText(shown) : null,
        remaining, elapsed,
        // None once completed, but a program's activity still says how it ended ("Done in 3:12").
        mark: status !== 'completed' || kind === 'custom' ? phaseMark : null,
        label: islandPhaseLabel(state, t, kind),
        percent, next, countsUp, stale,
        progress, countdownNext, elapsedNext, startedAt, updatedAt, goal,
    };
}

// What the bar and the menu show at `nowUsec`, from islandFacts. style: 'standard' or
// 'minimal'; menuOpen: the menu is showing (a fast's elapsed time then counts there too). The
// result:
//   bar: {text, icon (a symbolic icon name, or null), styleClass}
//   menu: {title, time, detail, progress (0 ... 1, or null), lines: [...], buttons: [{label, action}]}
//   app: the desktop entry's id of the program a program's activity names (contract 1.4), or null
//   nextChangeUsec: when the text next changes by itself; null when only a signal changes it.
// openApp: islet's app is installed; the menu of a fast or a timer then ends with "Open islet".
function islandView(activity, nowUsec, style, menuOpen, tr, openApp = false, showStages = false) {
    const t = tr ?? islandEnglish;
    if (!activity)
        return null;
    const {state} = activity;
    const facts = islandFacts(activity, nowUsec, t);
    const {kind, status, title, elapsed, startedAt, updatedAt, goal, progress} = facts;
    const minimal = style === 'minimal';
    const stale = kind === 'custom' && facts.stale;
    const second = 1000000;
    const next = facts.countdownNext;
    // null when the activity has no time to show.
    const timeText = facts.time;

    if (minimal) {
        // The time alone, monochrome, no icon, no buttons, no progress (PRD-02). A reached
        // goal counts up in minutes, as the minimal notification does: no clock each second.
        let text;
        let nextChange = next;
        if (kind === 'fast' && status === 'goal-reached') {
            text = islandHoursMinutes(elapsed, t);
            nextChange = startedAt > 0 ? startedAt + (Math.floor(elapsed / 60) + 1) * 60 * second : null;
        } else {
            text = facts.minimal ?? title;
            // A fast without an activity counts up each second, as the panels' does.
            if (kind === 'fast' && activity.id === '')
                nextChange = facts.elapsedNext;
        }
        return {
            kind, status, minimal: true,
            bar: {text, icon: null, styleClass: 'islet-minimal'},
            menu: {title: null, time: text, detail: null, progress: null, lines: [], buttons: []},
            nextChangeUsec: nextChange,
        };
    }

    let barText;
    let icon;
    let detail = null;
    let menuTitle = title;
    let menuTime = timeText;
    const lines = [];
    let buttons = [];
    const phaseLabel = facts.label;
    const mark = facts.mark;
    let nextChange = next;

    if (kind === 'fast' && activity.id === '') {
        // The app view of a fast without an activity: the time fasted, counting each second.
        barText = t.gettext('Fasted %s').replace('%s', islandHms(elapsed));
        icon = 'preferences-system-time-symbolic';
        menuTitle = t.gettext('Fasting');
        menuTime = islandHms(elapsed);
        detail = goal > 0 ? t.gettext('Goal: %s').replace('%s', islandDuration(goal, t)) : t.gettext('No goal set');
        nextChange = facts.elapsedNext;
        if (showStages && startedAt > 0)
            lines.push(islandStageLine(startedAt, nowUsec, t));
        buttons = [{label: t.gettext('Stop Fast'), action: 'stop-fast'}];
    } else if (kind === 'fast') {
        if (status === 'goal-reached') {
            barText = t.gettext('Goal Reached!');
            icon = 'object-select-symbolic';
            menuTitle = t.gettext('Goal Reached!');
            menuTime = islandHms(elapsed);
            // The bar's text is fixed; the menu, while open, counts the fast on.
            nextChange = menuOpen ? facts.elapsedNext : null;
        } else {
            barText = timeText;
            icon = status === 'paused' ? 'media-playback-pause-symbolic' : 'preferences-system-time-symbolic';
            // The service names every fast "Fasting Goal": said in the user's language.
            menuTitle = t.gettext('Fasting Goal');
            lines.push(t.gettext('Elapsed %s').replace('%s', islandHms(elapsed)));
            // The bar shows the countdown alone; the open menu the time fasted as well.
            if (menuOpen)
                nextChange = facts.next;
        }
        if (goal > 0)
            detail = t.gettext('Goal: %s').replace('%s', islandDuration(goal, t));
        if (goal > 0 && startedAt > 0)
            lines.push(islandGoalAt(startedAt + goal * second, nowUsec, t));
        // Stages only when the person turned them on (isletd's ShowStages).
        if (showStages && startedAt > 0)
            lines.push(islandStageLine(startedAt, nowUsec, t));
        buttons = [{label: t.gettext('Stop Fast'), action: 'stop-fast'}];
    } else {
        const time = timeText;
        switch (status) {
        case 'paused':
            icon = 'media-playback-pause-symbolic';
            break;
        case 'completed':
        case 'goal-reached':
            icon = 'object-select-symbolic';
            break;
        default:
            icon = kind === 'timer' ? 'alarm-symbolic' : 'media-playback-start-symbolic';
        }
        barText = time ?? title;
        // Once completed a timer says Done; a program says how it ended ("Failed (exit 2)
        // after 3:12"), as the panels and the notification do.
        const end = mark ?? t.gettext('Done');
        if (status === 'completed')
            barText = time ? `${time} · ${end}` : end;
        else if (mark)
            barText = `${barText} · ${mark}`;
        const words = [];
        if (status === 'paused')
            words.push(t.gettext('Paused'));
        else if (status === 'completed' && !(kind === 'custom' && phaseLabel))
            words.push(t.gettext('Done'));
        if (phaseLabel)
            words.push(phaseLabel);
        detail = words.length > 0 ? words.join(' · ') : null;
        // A program's own activity is driven by its owner: buttons for timers only.
        // Contract 1.2: content its program says is out of date is dimmed and says since when.
        if (stale) {
            const since = updatedAt > 0 ? updatedAt : startedAt;
            lines.push(since > 0 ? t.gettext('Not updated since %s').replace('%s', islandClock(since)) : t.gettext('Not up to date'));
        }
        // Contract 1.4: the buttons a program's activity offers now (a song: pause, next),
        // pressed through LiveActivity.Act (islandPress); they reach the program.
        if (kind === 'custom' && status !== 'completed')
            buttons = islandActions(state).map(action => ({label: islandActionLabel(action, t), action}));
        if (kind === 'timer' && status === 'running')
            buttons = [{label: t.gettext('Pause'), action: 'pause'}, {label: t.gettext('+1 min'), action: 'extend'},
                {label: t.gettext('Stop'), action: 'stop'}];
        else if (kind === 'timer' && status === 'paused')
            buttons = [{label: t.gettext('Resume'), action: 'resume'}, {label: t.gettext('+1 min'), action: 'extend'},
                {label: t.gettext('Stop'), action: 'stop'}];
    }

    // Contract 1.2: an update that asks for attention (`alert`) lights the island up for
    // islandAlertSeconds after it was sent (the notification banners and sounds beside it).
    const alertEnds = kind === 'custom' && state.alert === true && updatedAt > 0 ? updatedAt + islandAlertSeconds * second : 0;
    const alerting = alertEnds > nowUsec;
    if (alerting)
        nextChange = nextChange === null ? alertEnds : Math.min(nextChange, alertEnds);

    if (openApp && islandAppPage(kind) !== null)
        buttons = [...buttons, {label: t.gettext('Open islet'), action: 'open-app'}];

    return {
        kind, status, minimal: false,
        // Whose it is (contract 1.4): the shell shows that program's icon and name where it has them.
        app: kind === 'custom' ? islandAppId(activity) : null,
        program: facts.program,
        art: facts.art,
        bar: {text: barText, icon, styleClass: alerting ? 'islet-alert' : stale ? 'islet-stale' : `islet-${status}`},
        menu: {title: menuTitle, time: menuTime, detail, progress, lines, buttons},
        nextChangeUsec: nextChange,
    };
}

var islandAlertSeconds = 10;

// The buttons a program's activity offers (contract 1.4, its state's `actions`: words among
// pause, resume, next, skip, stop, separated by spaces), in the order it gives them; any other
// word is left out.
var islandActionWords = ['pause', 'resume', 'next', 'skip', 'stop'];
function islandActions(state) {
    const words = (islandString(state, 'actions') ?? '').split(' ').filter(w => islandActionWords.includes(w));
    return words.filter((w, i) => words.indexOf(w) === i);
}

function islandActionLabel(action, tr) {
    switch (action) {
    case 'pause': return tr.gettext('Pause');
    case 'resume': return tr.gettext('Resume');
    case 'next': return tr.gettext('Next');
    case 'skip': return tr.gettext('Skip');
    default: return tr.gettext('Stop');
    }
}

// A program's image (contract 1.4's `art_url`): `file://` and an absolute path with no `..`,
// query or control character, as the service checks it; null otherwise.
function islandArt(state) {
    const url = islandString(state, 'art_url');
    if (!url || !url.startsWith('file:///') || /[?#\u0000-\u001f\u007f-\u009f]/.test(url))
        return null;
    return url.slice(7).split('/').some(part => part === '..' || part.toLowerCase() === '%2e%2e') ? null : url;
}

// Whose activity it is (contract 1.4's `app_id`, a desktop entry's id), for the shell to show
// that program's icon and name; null when it names none or one not well formed.
function islandAppId(activity) {
    const id = islandString(activity.attributes, 'app_id');
    return id && /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,254}$/.test(id) && !id.endsWith('.desktop') ? id : null;
}

// Where the live activity lives on the session bus (dbus/org.islet.Islet1.xml; a test checks
// these against it).
var islandBus = {
    name: 'org.islet.Islet1',
    path: '/org/islet/Islet1',
    liveActivity: 'org.islet.Islet1.LiveActivity',
    fasting: 'org.islet.Islet1.Fasting',
    getReply: '(ssa{sv}a{sv})',
};

// A running fast's start from Fasting's properties (GetAll, unpacked); null when none runs or
// the values are not what the contract says.
// Whether stages are shown (Fasting's ShowStages, contract 1.3; false from an older isletd).
function islandShowStages(properties) {
    return !!properties && typeof properties === 'object' && properties.ShowStages === true;
}

function islandFastStart(properties) {
    if (!properties || typeof properties !== 'object' || properties.Fasting !== true)
        return null;
    const start = properties.StartedAtUSec;
    return typeof start === 'number' && Number.isFinite(start) && start > 0 ? start : null;
}

// The D-Bus call behind a button: [interface, method, args (a GVariant's type and values)].
// The call a button pressed on `activity` makes: a program's own activity's buttons reach the
// program (LiveActivity.Act, contract 1.4); a fast's and a timer's are islandCall's.
function islandPress(action, activity) {
    if (islandActivityKind(activity) === 'custom')
        return islandActions(activity.state).includes(action) ? ['org.islet.Islet1.LiveActivity', 'Act', '(ss)', [activity.id, action]] : null;
    return islandCall(action, activity.owner);
}

function islandCall(action, owner) {
    switch (action) {
    case 'pause': return ['org.islet.Islet1.Timers', 'Pause', '(s)', [owner]];
    case 'resume': return ['org.islet.Islet1.Timers', 'Resume', '(s)', [owner]];
    case 'stop': return ['org.islet.Islet1.Timers', 'Stop', '(s)', [owner]];
    case 'extend': return ['org.islet.Islet1.Timers', 'Extend', '(st)', [owner, 60]];
    case 'stop-fast': return ['org.islet.Islet1.Fasting', 'StopFast', null, []];
    default: return null;
    }
}

// 'fast', 'timer' or 'custom' (anything else a program says is its own activity).
function islandActivityKind(activity) {
    const kind = islandString(activity.attributes, 'kind');
    return kind === 'fast' || kind === 'timer' ? kind : 'custom';
}

// The app's page that shows an activity of `kind` (its `show-page` action): null for a
// program's own activity, which has no page there.
function islandAppPage(kind) {
    return kind === 'fast' ? 'fast' : kind === 'timer' ? 'timers' : null;
}

// islet's app on the session bus (a GApplication, D-Bus activatable when installed).
var islandApp = {name: 'org.islet.Islet.App', path: '/org/islet/Islet/App', desktopEntry: 'org.islet.Islet.App.desktop'};

// The `style` key of islet's config.toml ("standard" or "minimal"), read as islet-notify
// reads it: top level, before any [table]. Anything else: "standard".
function islandStyleFromConfig(text) {
    if (typeof text !== 'string')
        return 'standard';
    for (const raw of text.split('\n')) {
        const line = raw.replace(/#.*$/, '').trim();
        if (line.startsWith('['))
            break;
        const match = /^"?style"?\s*=\s*"([^"]*)"$/.exec(line);
        if (match)
            return match[1] === 'minimal' ? 'minimal' : 'standard';
    }
    return 'standard';
}
