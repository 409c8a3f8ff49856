// gettext and the locale's time formats, from the C library (glibc has both built in).
#pragma once

/// The translation of `msgid` in `domain` (the text itself when there is none).
const char *islet_dgettext(const char *domain, const char *msgid);
/// The form of `singular` / `plural` for `n` in the user's language.
const char *islet_dngettext(const char *domain, const char *singular, const char *plural, unsigned long n);
/// Binds `domain` to the catalogues under `directory` (NULL: the system's), as UTF-8.
void islet_bind_domain(const char *domain, const char *directory);
/// Takes the user's locale (the environment) for messages and times only: numbers and character
/// types stay the C locale's, so nothing that reads or writes a number changes its decimal point.
void islet_use_environment_locale(void);

/// The locale's formats and names, from nl_langinfo(3).
typedef enum {
    islet_time_format,       // T_FMT: "%H:%M:%S", "%r" (12-hour in en_US)
    islet_date_format,       // D_FMT: "%d.%m.%Y", "%m/%d/%Y"
    islet_am,                // AM_STR
    islet_pm,                // PM_STR
    islet_time_locale_name,  // the name LC_TIME resolved to ("C", "de_DE.UTF-8")
} islet_time_item;
const char *islet_time_info(islet_time_item item);
/// Abbreviated weekday names, 0 = Sunday.
const char *islet_weekday(int day);
/// A month's name as it stands alone ("November", "November"; abbreviated: "Nov"), 0 = January.
const char *islet_month(int month, int abbreviated);
/// The first day of the week in the locale, 0 = Sunday, 1 = Monday.
int islet_first_weekday(void);
