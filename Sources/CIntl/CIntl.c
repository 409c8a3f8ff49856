// Thin wrappers: dgettext and friends are macros or inline in some C libraries, and
// nl_langinfo's items are an enum Swift does not see (the standalone month names and the
// first weekday are GNU's).
#define _GNU_SOURCE
#include "CIntl.h"

#include <langinfo.h>
#include <libintl.h>
#include <locale.h>
#include <stddef.h>
#include <stdint.h>

const char *islet_dgettext(const char *domain, const char *msgid) { return dgettext(domain, msgid); }

const char *islet_dngettext(const char *domain, const char *singular, const char *plural, unsigned long n) {
    return dngettext(domain, singular, plural, n);
}

void islet_bind_domain(const char *domain, const char *directory) {
    if (directory != NULL) bindtextdomain(domain, directory);
    bind_textdomain_codeset(domain, "UTF-8");
}

void islet_use_environment_locale(void) {
    // Not LC_CTYPE: the catalogues are bound as UTF-8 (islet_bind_domain), so gettext needs no
    // character set of the locale's, and LC_CTYPE's tables (350 KB for C.UTF-8) stay unmapped.
    setlocale(LC_MESSAGES, "");
    setlocale(LC_TIME, "");
}

const char *islet_time_info(islet_time_item item) {
    switch (item) {
    case islet_time_format: return nl_langinfo(T_FMT);
    case islet_date_format: return nl_langinfo(D_FMT);
    case islet_am: return nl_langinfo(AM_STR);
    case islet_pm: return nl_langinfo(PM_STR);
    case islet_time_locale_name: {
        const char *name = setlocale(LC_TIME, NULL);
        return name != NULL ? name : "C";
    }
    }
    return "";
}

const char *islet_weekday(int day) {
    static const nl_item days[7] = {ABDAY_1, ABDAY_2, ABDAY_3, ABDAY_4, ABDAY_5, ABDAY_6, ABDAY_7};
    return nl_langinfo(days[(unsigned)day % 7]);
}

const char *islet_month(int month, int abbreviated) {
    static const nl_item full[12] = {ALTMON_1, ALTMON_2, ALTMON_3, ALTMON_4, ALTMON_5, ALTMON_6,
                                     ALTMON_7, ALTMON_8, ALTMON_9, ALTMON_10, ALTMON_11, ALTMON_12};
    static const nl_item shortened[12] = {_NL_ABALTMON_1, _NL_ABALTMON_2, _NL_ABALTMON_3, _NL_ABALTMON_4,
                                          _NL_ABALTMON_5, _NL_ABALTMON_6, _NL_ABALTMON_7, _NL_ABALTMON_8,
                                          _NL_ABALTMON_9, _NL_ABALTMON_10, _NL_ABALTMON_11, _NL_ABALTMON_12};
    return nl_langinfo(abbreviated ? shortened[(unsigned)month % 12] : full[(unsigned)month % 12]);
}

int islet_first_weekday(void) {
    // _NL_TIME_WEEK_1STDAY is the date day 1 of _NL_TIME_FIRST_WEEKDAY stands for: a Sunday
    // (19971130) in most locales, a Monday (19971201) in some.
    const char *first = nl_langinfo(_NL_TIME_FIRST_WEEKDAY);
    long base = (long)(intptr_t)nl_langinfo(_NL_TIME_WEEK_1STDAY);
    int day = (first != NULL && first[0] >= 1 && first[0] <= 7) ? first[0] - 1 : 1;
    return ((base == 19971201 ? 1 : 0) + day) % 7;
}
