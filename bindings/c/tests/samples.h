/*
 * samples.h: Unicode samples shared by the topic files, written as \x escapes so that invisible
 * characters (ZWJ, combining marks, variation selectors) are explicit.
 */
#ifndef MC_TEST_SAMPLES_H
#define MC_TEST_SAMPLES_H

#define S_GRIN "\xF0\x9F\x98\x80"                                                  /* U+1F600, 1 scalar */
#define S_FAMILY "\xF0\x9F\x91\xA8\xE2\x80\x8D\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x91\xA7" /* man ZWJ woman ZWJ girl, 5 */
#define S_FLAG_FR "\xF0\x9F\x87\xAB\xF0\x9F\x87\xB7"                                /* regional indicators F R, 2 */
#define S_FLAG_DE "\xF0\x9F\x87\xA9\xF0\x9F\x87\xAA"                                /* regional indicators D E, 2 */
#define S_THUMBS_MEDIUM "\xF0\x9F\x91\x8D\xF0\x9F\x8F\xBD"                          /* U+1F44D U+1F3FD, 2 */
#define S_E_ACUTE "e\xCC\x81"                                                       /* e + U+0301, 2 */
#define S_KEYCAP_1 "1\xEF\xB8\x8F\xE2\x83\xA3"                                      /* 1 U+FE0F U+20E3, 3 */
#define S_CJK "\xE6\xBC\xA2\xE5\xAD\x97"                                            /* U+6F22 U+5B57, 2 */
#define S_HEBREW "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D"                                 /* shin lamed vav final-mem, 4 */
#define S_ELLIPSIS "\xE2\x80\xA6"                                                   /* U+2026 */

#endif /* MC_TEST_SAMPLES_H */
