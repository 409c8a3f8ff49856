// Thin wrappers: dgettext and friends are macros or inline in some C libraries, and
// nl_langinfo's items are an enum Swift does not see.
#include "CIntl.h"

#include <langinfo.h>
#include <libintl.h>
#include <locale.h>
#include <stddef.h>

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
