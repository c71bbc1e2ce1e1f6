package org.agenda.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * One parameter of an endpoint: its declared type and limits (§2.5), its description for the
 * namespace index and /doc, and the conversion of a received value into a typed one. The same
 * definition validates requests and describes them, so the two cannot drift apart.
 */
public final class Param {
  /** Declared types of §2.5; {@code jsonType} is the type shown in the index. */
  public enum Type {
    INTEGER("integer"), NUMBER("number"), BOOLEAN("boolean"), STRING("string"), LIST("array"),
    DATE("string"), ENUM("string"), CUSTOM(null);

    public final String jsonType;

    Type(String jsonType) {
      this.jsonType = jsonType;
    }
  }

  /** Converts a value that is neither absent nor JSON null; used for fields with several accepted shapes. */
  @FunctionalInterface
  public interface Converter {
    Object convert(Raw raw);
  }

  /** Result of a write field given as {@code ""} or {@code null} where that clears it. */
  public static final Object CLEAR = new Object() {
    @Override
    public String toString() {
      return "CLEAR";
    }
  };

  public static final int MAX_LIST_ITEMS = 100;
  private static final Pattern INTEGER_TEXT = Pattern.compile("-?[0-9]+");
  private static final Pattern NUMBER_TEXT = Pattern.compile("-?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)");
  private static final long LARGEST_ID = Long.MAX_VALUE;

  private final String name;
  private final Type type;
  private String description = "";
  private boolean required;
  private boolean inPath;
  private Object defaultValue;
  private Type itemType;
  private List<String> enumValues;
  private Long min;
  private Long max;
  private BigDecimal minNumber;
  private BigDecimal maxNumber;
  private boolean exclusiveMinNumber;
  private Integer maxLength;
  private boolean emptyClears;
  private boolean nullClears;
  private boolean writeField;
  private String format;
  private Converter converter;

  private Param(String name, Type type) {
    this.name = name;
    this.type = type;
  }

  public static Param integer(String name) {
    return new Param(name, Type.INTEGER);
  }

  public static Param number(String name) {
    return new Param(name, Type.NUMBER);
  }

  public static Param bool(String name) {
    return new Param(name, Type.BOOLEAN);
  }

  public static Param string(String name) {
    return new Param(name, Type.STRING);
  }

  public static Param date(String name) {
    return new Param(name, Type.DATE).format("date-time");
  }

  public static Param oneOf(String name, List<String> values) {
    Param param = new Param(name, Type.ENUM);
    param.enumValues = List.copyOf(values);
    return param;
  }

  public static Param listOf(String name, Type itemType) {
    Param param = new Param(name, Type.LIST);
    param.itemType = itemType;
    return param;
  }

  public static Param listOf(String name, List<String> enumValues) {
    Param param = listOf(name, Type.ENUM);
    param.enumValues = List.copyOf(enumValues);
    return param;
  }

  public static Param custom(String name, Converter converter) {
    Param param = new Param(name, Type.CUSTOM);
    param.converter = converter;
    return param;
  }

  public Param describe(String text) {
    this.description = text;
    return this;
  }

  public Param required() {
    this.required = true;
    return this;
  }

  /** A path parameter: always required, listed first. */
  public Param inPath() {
    this.inPath = true;
    this.required = true;
    return this;
  }

  public Param defaultValue(Object value) {
    this.defaultValue = value;
    return this;
  }

  public Param range(Long min, Long max) {
    this.min = min;
    this.max = max;
    return this;
  }

  public Param range(BigDecimal min, BigDecimal max, boolean exclusiveMin) {
    this.minNumber = min;
    this.maxNumber = max;
    this.exclusiveMinNumber = exclusiveMin;
    return this;
  }

  public Param maxLength(int codePoints) {
    this.maxLength = codePoints;
    return this;
  }

  /** A write field (§2.5 "Empty and null"): {@code ""} is kept for the field's own rule, not a filter's. */
  public Param writeField() {
    this.writeField = true;
    return this;
  }

  /** {@code ""} (and an empty list) clears this write field. */
  public Param emptyClears() {
    this.emptyClears = true;
    this.writeField = true;
    return this;
  }

  /** JSON {@code null} clears this write field instead of meaning "not given". */
  public Param nullClears() {
    this.nullClears = true;
    this.writeField = true;
    return this;
  }

  public Param format(String format) {
    this.format = format;
    return this;
  }

  public String name() {
    return name;
  }

  public Type type() {
    return type;
  }

  public Type itemType() {
    return itemType;
  }

  public boolean isRequired() {
    return required;
  }

  public boolean isInPath() {
    return inPath;
  }

  public String description() {
    return description;
  }

  public Object defaultValue() {
    return defaultValue;
  }

  public List<String> enumValues() {
    return enumValues;
  }

  public Long min() {
    return min;
  }

  public Long max() {
    return max;
  }

  public BigDecimal minNumber() {
    return minNumber;
  }

  public BigDecimal maxNumber() {
    return maxNumber;
  }

  public boolean exclusiveMinNumber() {
    return exclusiveMinNumber;
  }

  public Integer maxLength() {
    return maxLength;
  }

  public String format() {
    return format;
  }

  /** True when the value counts as "not given" (absent, or JSON null without a clearing meaning). */
  public boolean isAbsent(Raw raw) {
    return raw == null || ((raw.node() == null || raw.node().isNull()) && !nullClears);
  }

  /**
   * Converts a given value into its typed form: Long, BigDecimal, Boolean, String, DateValue, a List of
   * those, {@link #CLEAR}, or whatever a custom converter returns.
   *
   * @throws ParamProblem when the value is not acceptable
   */
  public Object convert(Raw raw, Instant now) {
    JsonNode node = raw.node();
    if (node == null || node.isNull()) return CLEAR;
    if (type == Type.CUSTOM) return converter.convert(raw);
    if (type == Type.LIST) return convertList(raw, now);
    JsonNode scalar = node;
    if (raw.fromText() && node.isArray()) scalar = node.get(node.size() - 1);
    if (scalar.isTextual() && isEmptyText(scalar.asText())) {
      if (emptyClears) return CLEAR;
      throw new ParamProblem("rest_empty_value", name + " must not be empty.");
    }
    return convertScalar(scalar, type, now, name);
  }

  private boolean isEmptyText(String text) {
    return writeField ? text.isEmpty() : text.isBlank();
  }

  private Object convertList(Raw raw, Instant now) {
    JsonNode node = raw.node();
    List<JsonNode> items = new ArrayList<>();
    if (node.isArray() && !raw.fromText()) {
      node.forEach(items::add);
    } else if (node.isArray() || node.isTextual()) {
      Iterable<JsonNode> texts = node.isArray() ? node : List.of(node);
      for (JsonNode text : texts) {
        if (!text.isTextual()) throw invalidType();
        for (String part : text.asText().split(",")) {
          String item = part.trim();
          if (!item.isEmpty()) items.add(com.fasterxml.jackson.databind.node.TextNode.valueOf(item));
        }
      }
    } else if (node.isNumber()) {
      items.add(node);
    } else {
      throw invalidType();
    }
    if (items.isEmpty()) {
      if (emptyClears) return CLEAR;
      throw new ParamProblem("rest_empty_value", name + " must not be empty.");
    }
    if (items.size() > MAX_LIST_ITEMS) {
      throw new ParamProblem("rest_too_long", name + " must have at most " + MAX_LIST_ITEMS + " items.");
    }
    List<Object> values = new ArrayList<>(items.size());
    for (JsonNode item : items) {
      if (item.isTextual() && item.asText().isBlank()) {
        throw new ParamProblem("rest_empty_value", name + " must not contain empty items.");
      }
      Object value = convertScalar(item, itemType, now, name);
      if (!values.contains(value)) values.add(value);
    }
    return List.copyOf(values);
  }

  private Object convertScalar(JsonNode node, Type as, Instant now, String label) {
    return switch (as) {
      case INTEGER -> checkIntegerRange(toInteger(node));
      case NUMBER -> checkNumberRange(toNumber(node));
      case BOOLEAN -> toBoolean(node);
      case STRING -> checkLength(toText(node));
      case ENUM -> toEnum(node);
      case DATE -> toDate(node, now);
      default -> throw new IllegalStateException("no scalar conversion for " + as + " of " + label);
    };
  }

  private long toInteger(JsonNode node) {
    if (node.isIntegralNumber()) {
      if (!node.canConvertToLong()) throw outOfRange();
      return node.asLong();
    }
    if (node.isNumber()) {
      BigDecimal decimal = node.decimalValue();
      if (decimal.stripTrailingZeros().scale() > 0) throw invalidType();
      try {
        return decimal.toBigIntegerExact().longValueExact();
      } catch (ArithmeticException e) {
        throw outOfRange();
      }
    }
    if (node.isTextual()) {
      String text = node.asText().trim();
      if (!INTEGER_TEXT.matcher(text).matches()) throw invalidType();
      BigInteger value = new BigInteger(text);
      if (value.bitLength() > 63) throw outOfRange();
      return value.longValue();
    }
    throw invalidType();
  }

  private BigDecimal toNumber(JsonNode node) {
    if (node.isNumber()) return node.decimalValue();
    if (node.isTextual()) {
      String text = node.asText().trim();
      if (!NUMBER_TEXT.matcher(text).matches()) throw invalidType();
      return new BigDecimal(text);
    }
    throw invalidType();
  }

  private boolean toBoolean(JsonNode node) {
    if (node.isBoolean()) return node.asBoolean();
    if (node.isIntegralNumber() && (node.asLong() == 0 || node.asLong() == 1) && node.canConvertToLong()) {
      return node.asLong() == 1;
    }
    if (node.isTextual()) {
      switch (node.asText().trim().toLowerCase(Locale.ROOT)) {
        case "true", "1", "yes", "on": return true;
        case "false", "0", "no", "off": return false;
        default: break;
      }
    }
    throw new ParamProblem("rest_invalid_type", name + " is not of type boolean.");
  }

  private String toText(JsonNode node) {
    if (!node.isTextual()) throw invalidType();
    return node.asText();
  }

  private String toEnum(JsonNode node) {
    if (node.isTextual()) {
      String text = node.asText().trim();
      for (String allowed : enumValues) {
        if (allowed.equalsIgnoreCase(text)) return allowed;
      }
    }
    throw new ParamProblem("rest_invalid_value", name + " must be one of " + String.join(", ", enumValues) + ".");
  }

  private DateValue toDate(JsonNode node, Instant now) {
    String text;
    if (node.isIntegralNumber()) {
      text = node.asText();
    } else if (node.isTextual()) {
      text = node.asText();
    } else {
      throw new ParamProblem("rest_invalid_date", name + " is not a valid date.");
    }
    if (!DateValue.isValid(text, now)) throw new ParamProblem("rest_invalid_date", name + " is not a valid date.");
    return new DateValue(text);
  }

  private long checkIntegerRange(long value) {
    if (min != null && value < min) {
      throw new ParamProblem("rest_out_of_range", name + " must be greater than or equal to " + min + ".");
    }
    if (max != null && value > max) {
      throw new ParamProblem("rest_out_of_range", name + " must be less than or equal to " + max + ".");
    }
    return value;
  }

  private BigDecimal checkNumberRange(BigDecimal value) {
    if (minNumber != null) {
      int comparison = value.compareTo(minNumber);
      if (comparison < 0 || (exclusiveMinNumber && comparison == 0)) {
        throw new ParamProblem("rest_out_of_range", name + " must be "
            + (exclusiveMinNumber ? "greater than " : "greater than or equal to ") + minNumber.toPlainString() + ".");
      }
    }
    if (maxNumber != null && value.compareTo(maxNumber) > 0) {
      throw new ParamProblem("rest_out_of_range", name + " must be less than or equal to " + maxNumber.toPlainString() + ".");
    }
    return value;
  }

  private String checkLength(String text) {
    if (maxLength != null && text.codePointCount(0, text.length()) > maxLength) {
      throw new ParamProblem("rest_too_long", name + " must be at most " + maxLength + " characters.");
    }
    return text;
  }

  private ParamProblem invalidType() {
    String typeName = type == Type.LIST ? "array" : type.jsonType == null ? "the expected type" : type.jsonType;
    if (type == Type.LIST && itemType == Type.INTEGER) typeName = "array of integers";
    return new ParamProblem("rest_invalid_type", name + " is not of type " + typeName + ".");
  }

  private ParamProblem outOfRange() {
    return new ParamProblem("rest_out_of_range", name + " is out of range.");
  }

  /** The parameter as the namespace index shows it (§9.2). */
  public ObjectNode describeForIndex() {
    ObjectNode arg = Json.object();
    arg.put("description", description);
    if (type.jsonType != null) arg.put("type", type.jsonType);
    if (format != null) arg.put("format", format);
    if (type == Type.LIST) {
      ObjectNode items = arg.putObject("items");
      items.put("type", itemType.jsonType);
      if (enumValues != null) items.set("enum", Json.arrayOf(enumValues));
    } else if (enumValues != null) {
      arg.set("enum", Json.arrayOf(enumValues));
    }
    if (defaultValue != null) arg.set("default", Json.MAPPER.valueToTree(defaultValue));
    arg.put("required", required);
    return arg;
  }

  /** Integer path value; an id beyond 64 bits is an id that does not exist (§2.3). */
  static long pathId(String digits) {
    BigInteger value = new BigInteger(digits);
    return value.bitLength() > 63 ? LARGEST_ID : value.longValue();
  }
}
