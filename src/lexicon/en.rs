//! English words the rules look for: dates and ages as forums print them, pager links.

/// Month names, lower case: three letters or more of one, beside a day, make a date ("Dec 5").
pub const MONTHS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// Units of an age ("3 hours ago"), singular, lower case.
pub const AGE_UNITS: [&str; 7] = ["second", "minute", "hour", "day", "week", "month", "year"];

/// Links to a list's next or older page ("Next ›"), matched in either ASCII case.
pub const PAGER_WORDS: [&str; 2] = ["next", "older"];
