package org.agenda.event;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import org.agenda.event.CostElement.CurrencySymbol;
import org.agenda.text.Folding;
import org.agenda.text.Slugs;

/**
 * The cost of an event (§5.4), derived from its stored elements: the {@code cost_details} parts
 * and the localised {@code cost} string. An empty element list means no cost.
 */
final class Cost {
  private static final String RANGE_DASH = " \u2013 ";

  private final List<String> elements;
  private final Optional<CurrencySymbol> symbol;
  private final List<String> values;
  private final boolean numeric;

  private Cost(List<String> elements, Optional<CurrencySymbol> symbol, List<String> values, boolean numeric) {
    this.elements = elements;
    this.symbol = symbol;
    this.values = values;
    this.numeric = numeric;
  }

  public static Cost of(List<String> elements) {
    List<String> stored = List.copyOf(elements);
    List<CostElement> parsed = stored.stream().map(CostElement::parse).toList();
    List<String> numbers = sortedDistinctNumbers(parsed);
    if (numbers.isEmpty()) {
      List<String> slugs = stored.stream().map(Slugs::normalise).toList();
      return new Cost(stored, Optional.empty(), slugs, false);
    }
    return new Cost(stored, commonSymbol(parsed), numbers, true);
  }

  /** {@code cost_details.currency_symbol}: the symbol derived from the elements, or "". */
  public String currencySymbol() {
    return symbol.map(CurrencySymbol::symbol).orElse("");
  }

  /** {@code cost_details.currency_position}: "prefix" or "postfix" with a derived symbol, else "". */
  public String currencyPosition() {
    return symbol.map(CurrencySymbol::position).orElse("");
  }

  /** {@code cost_details.values}. */
  public List<String> values() {
    return values;
  }

  public boolean hasNumericValue() {
    return numeric;
  }

  /** The smallest value as written ("0" when free), for the JSON-LD offer; "" without numbers. */
  public String minValue() {
    if (!numeric) return "";
    String min = values.get(0);
    return isZero(min) ? "0" : min;
  }

  /**
   * The {@code cost} string in language {@code language}; the defaults are
   * {@code AGENDA_CURRENCY_SYMBOL} and {@code AGENDA_CURRENCY_POSITION}, used when the elements do
   * not agree on a symbol of their own.
   */
  public String format(String language, String defaultSymbol, String defaultPosition) {
    if (!numeric) return String.join(", ", elements);
    String currency = symbol.map(CurrencySymbol::symbol).orElse(defaultSymbol);
    String position = symbol.map(CurrencySymbol::position).orElse(defaultPosition);
    String min = values.get(0);
    String max = values.get(values.size() - 1);
    String from = formatValue(min, language, currency, position);
    if (number(min).compareTo(number(max)) == 0) return from;
    return from + RANGE_DASH + formatValue(max, language, currency, position);
  }

  private static String formatValue(String value, String language, String currency, String position) {
    if (isZero(value)) return freeWord(language);
    return "postfix".equals(position) ? value + currency : currency + value;
  }

  private static String freeWord(String language) {
    return switch (Folding.lower(language)) {
      case "nl" -> "Gratis";
      case "fr" -> "Gratuit";
      default -> "Free";
    };
  }

  /**
   * All token values, sorted numerically; values that are numerically equal ("15", "15.00") count
   * as one, in the form first written.
   */
  private static List<String> sortedDistinctNumbers(List<CostElement> parsed) {
    // A TreeMap keyed by BigDecimal compares numerically, so it both sorts and de-duplicates.
    TreeMap<BigDecimal, String> byNumber = new TreeMap<>();
    for (CostElement element : parsed) {
      for (String value : element.values()) byNumber.putIfAbsent(number(value), value);
    }
    return List.copyOf(byNumber.values());
  }

  /** The candidate shared by every numeric element that has one (symbol and position alike). */
  private static Optional<CurrencySymbol> commonSymbol(List<CostElement> parsed) {
    List<CurrencySymbol> candidates = parsed.stream()
        .map(CostElement::symbol)
        .flatMap(Optional::stream)
        .distinct()
        .toList();
    return candidates.size() == 1 ? Optional.of(candidates.get(0)) : Optional.empty();
  }

  private static boolean isZero(String value) {
    return number(value).signum() == 0;
  }

  private static BigDecimal number(String canonicalValue) {
    return new BigDecimal(canonicalValue);
  }
}
