package org.agenda.event;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.agenda.text.Whitespace;

/** One stored cost element as §5.4 "Derivation" reads it: its number tokens and symbol candidate. */
record CostElement(List<String> values, Optional<CurrencySymbol> symbol) {
  private static final Pattern NUMBER_TOKEN = Pattern.compile("[0-9]+([.,][0-9]+)*");
  /** Text made only of these is punctuation around a number, not a currency symbol. */
  private static final String PUNCTUATION = "-–—.,;:/()";

  record CurrencySymbol(String symbol, String position) {}

  static CostElement parse(String element) {
    Matcher token = NUMBER_TOKEN.matcher(element);
    List<String> values = new ArrayList<>();
    int firstStart = -1;
    int lastEnd = -1;
    while (token.find()) {
      if (firstStart < 0) firstStart = token.start();
      lastEnd = token.end();
      values.add(canonicalValue(token.group()));
    }
    if (values.isEmpty()) return new CostElement(List.of(), Optional.empty());
    return new CostElement(values, symbolCandidate(element, firstStart, lastEnd));
  }

  boolean isNumeric() {
    return !values.isEmpty();
  }

  /**
   * {@code 12,50} → {@code 12.50}, {@code 1.250} → {@code 1250}, {@code 1.234,56} → {@code 1234.56}:
   * the last separator is the decimal one when one or two digits follow it, every other one
   * groups thousands; leading zeros go (one {@code 0} stays), fraction digits stay as written.
   */
  static String canonicalValue(String token) {
    int lastSeparator = Math.max(token.lastIndexOf('.'), token.lastIndexOf(','));
    boolean hasDecimals = lastSeparator >= 0 && token.length() - lastSeparator - 1 <= 2;
    String integerPart = digitsOnly(hasDecimals ? token.substring(0, lastSeparator) : token);
    String integer = integerPart.replaceFirst("^0+(?=.)", "");
    return hasDecimals ? integer + "." + token.substring(lastSeparator + 1) : integer;
  }

  private static String digitsOnly(String s) {
    return s.replace(".", "").replace(",", "");
  }

  private static Optional<CurrencySymbol> symbolCandidate(String element, int firstStart, int lastEnd) {
    String before = Whitespace.trim(element.substring(0, firstStart));
    if (looksLikeSymbol(before)) return Optional.of(new CurrencySymbol(before, "prefix"));
    String after = Whitespace.trim(element.substring(lastEnd));
    if (looksLikeSymbol(after)) return Optional.of(new CurrencySymbol(after, "postfix"));
    return Optional.empty();
  }

  /** 1–4 characters, no whitespace, digit or lower-case letter, not punctuation only. */
  private static boolean looksLikeSymbol(String text) {
    int length = text.codePointCount(0, text.length());
    return length >= 1 && length <= 4
        && text.codePoints().noneMatch(cp ->
            Whitespace.is(cp) || Character.isDigit(cp) || Character.isLowerCase(cp))
        && !text.codePoints().allMatch(cp -> PUNCTUATION.indexOf(cp) >= 0);
  }
}
