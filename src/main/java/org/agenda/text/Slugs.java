package org.agenda.text;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

/** Slug normalisation and collision suffixes (§3.5). */
public final class Slugs {
  private static final int CANDIDATES_PER_LOOKUP = 20;
  public static final int MAX_LENGTH = 200;

  /**
   * Latin letters that NFKD does not decompose into a base letter plus marks, so they would
   * otherwise be lost (a generic slugger turns "œuvre" into "uvre"). Keys are lower-case because
   * the text is lower-cased first (Æ, Ø, Œ, Ł, Đ, Þ and ẞ lower-case to these).
   */
  private static final Map<String, String> TRANSLITERATIONS = Map.of(
      "ß", "ss", "æ", "ae", "ø", "o", "œ", "oe", "ł", "l", "đ", "d", "þ", "th");
  private static final Pattern SPECIAL_LETTERS = Pattern.compile("[ßæøœłđþ]");
  private static final Pattern COMBINING_MARKS = Pattern.compile("\\p{M}+");
  private static final Pattern NOT_SLUG_CHARS = Pattern.compile("[^a-z0-9]+");

  private Slugs() {}

  /** {@code Concert d'été} → {@code concert-d-ete}; may return "" (caller then derives another). */
  public static String normalise(String text) {
    String lower = Folding.lower(text);
    String transliterated = SPECIAL_LETTERS.matcher(lower)
        .replaceAll(match -> TRANSLITERATIONS.get(match.group()));
    String decomposed = Normalizer.normalize(transliterated, Normalizer.Form.NFKD);
    String unmarked = COMBINING_MARKS.matcher(decomposed).replaceAll("");
    String dashed = NOT_SLUG_CHARS.matcher(unmarked).replaceAll("-");
    return cut(stripDashes(dashed), MAX_LENGTH);
  }

  /** {@code base-n}, with base shortened so the result fits in {@value #MAX_LENGTH} characters. */
  public static String withSuffix(String base, int n) {
    String suffix = "-" + n;
    return cut(base, MAX_LENGTH - suffix.length()) + suffix;
  }

  /**
   * The first of base, base-2, base-3, … that {@code taken} does not report as used (§3.5). {@code taken}
   * is asked about a batch of candidates at a time, so a store answers with exact lookups on its slug
   * index instead of scanning for every slug that merely starts with the base.
   */
  public static String firstFree(String base, Function<List<String>, Collection<String>> taken) {
    for (int from = 1; ; from += CANDIDATES_PER_LOOKUP) {
      List<String> candidates = new ArrayList<>();
      for (int n = from; n < from + CANDIDATES_PER_LOOKUP; n++) candidates.add(n == 1 ? base : withSuffix(base, n));
      Set<String> used = new HashSet<>(taken.apply(candidates));
      for (String candidate : candidates) {
        if (!used.contains(candidate)) return candidate;
      }
    }
  }

  private static String cut(String slug, int maxLength) {
    if (slug.length() <= maxLength) return slug;
    return stripTrailingDashes(slug.substring(0, maxLength));
  }

  private static String stripDashes(String s) {
    int start = 0;
    while (start < s.length() && s.charAt(start) == '-') start++;
    return stripTrailingDashes(s.substring(start));
  }

  private static String stripTrailingDashes(String s) {
    int end = s.length();
    while (end > 0 && s.charAt(end - 1) == '-') end--;
    return s.substring(0, end);
  }
}
