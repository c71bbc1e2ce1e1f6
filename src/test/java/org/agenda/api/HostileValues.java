package org.agenda.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The values {@link NoServerErrorApiTest} sends: a fixed catalogue of hostile values and raw query fragments for
 * the index-driven sweep, and seeded random values and body mutations for the random requests.
 */
final class HostileValues {
  private HostileValues() {}

  /** A hostile value: its JSON text, and its flat text for query/form (null: JSON only). */
  record Hostile(String label, String json, String flat, boolean big) {
    static Hostile both(String text) {
      return new Hostile(text.length() > 40 ? text.substring(0, 40) + "…" : text, ApiChecks.q(text), text, false);
    }

    static Hostile json(String json) {
      return new Hostile(json.length() > 40 ? json.substring(0, 40) + "…" : json, json, null, false);
    }

    /** Its text in a query string or form: the flat text, or the JSON text for a JSON-only value. */
    String text() {
      return flat == null ? json : flat;
    }
  }

  static final List<String> SQL_AND_HTML = List.of("'; DROP TABLE records; --", "1) OR (1=1", "\" OR \"\"=\"",
      "%' OR '%'='", "1; SELECT pg_sleep(5)--", "x' UNION SELECT hash FROM app_passwords --", "\\'; --",
      "<img src=x onerror=alert(1)>", "<svg/onload=alert(1)>", "</script><script>alert(1)</script>",
      "<a href=\"javascript:alert(1)\">x</a>", "<![CDATA[x]]>", "<!--", "&lt;&#x3C;&#0;&#xD800;",
      "<p style=\"x:expression(alert(1))\">", "<iframe srcdoc='<script>'>", "{{7*7}}${7*7}");

  static final List<Hostile> VALUES = catalogue();

  private static List<Hostile> catalogue() {
    var v = new ArrayList<Hostile>();
    for (String s : List.of("", " ", " \t\r\n ", "null", "0", "-0", "1.5", "-1", "1e400", "NaN", "Infinity",
        "-99999999999999999999", "99999999999999999999", "9223372036854775808", "2147483648", "0x10", "true",
        "yes", "abc", "2026-02-30", "2026-02-30 25:61:61", "+99999 years", "-99999 years", "9999-12-31T23:59:59+14:00",
        "0000-01-01", "-0001-01-01", "+999999999-12-31", "1970-01-01T00:00:00Z", "UTC+99", "Europe/Nowhere",
        "UTC-99:99", "GMT+25", "../../etc/passwd", ",,,", " , , ", "1,,2,", "%00", "\u0000", "\u0001\u001f\u007f\u0085",
        "\u2028\u2029", "\uFEFF", "Zaal ﬁ ＡＢＣ 😀 e\u0301", "<script>alert(1)</script>", "' OR 1=1 --",
        "{\"a\":1}", "[1,2]", "a".repeat(201), "x".repeat(2100), "next monday +3 weeks", "@-1", "1-1-1",
        "publish", "draft,publish,trash,any", "all", "http://", "javascript:alert(1)", "mailto:a@b",
        "http://[::1", "a@", "@b", "0,0,0", "00000000000000000001", "-", "--1", "+1", "1 ", " 1",
        "1e5", "1.0", "10:70", "24:00", "now", "tomorrow 25:00", "last day of february", "@99999999999999")) {
      v.add(Hostile.both(s));
    }
    for (String s : SQL_AND_HTML) v.add(Hostile.both(s));
    for (String j : List.of("null", "0", "-0", "1.5", "1e400", "-1e400", "1e-400", "-99999999999999999999",
        "99999999999999999999", "9223372036854775807", "12.0", "true", "false", "[]", "[[]]", "[null]", "{}",
        "{\"a\":{}}", "{\"id\":\"x\"}", "{\"id\":99999999999999999999}", "{\"id\":-1}", "[{\"id\":[]}]",
        "{\"venue\":{}}", "{\"venue\":\"\",\"geo_lat\":\"x\"}", "{\"organizer\":[1],\"email\":{}}", "[0,\"0\",\"\",null]",
        "[\"\\ud800\"]", "\"\\ud800\"", "\"\\udfff\\ud800\"", "\"\\u0000\"", "[1.5]", "[true]", "[{}]",
        "{\"venue\":\"Zaal\",\"geo_lat\":1e400,\"geo_lng\":-0}", "{\"organizer\":\"X\",\"website\":\"ftp://x\"}")) {
      v.add(Hostile.json(j));
    }
    // recurrence lines (series): malformed, unknown, too frequent, too many, huge values, odd dates
    for (String line : List.of("RRULE:", "RRULE:FREQ=", "RRULE:FREQ=WEEKLY;COUNT=-1", "RRULE:FREQ=DAILY;COUNT=99999999999",
        "RRULE:FREQ=DAILY;INTERVAL=0", "RRULE:FREQ=YEARLY;BYMONTH=13", "RRULE:FREQ=MONTHLY;BYMONTHDAY=32",
        "RRULE:FREQ=MONTHLY;BYDAY=9MO", "RRULE:FREQ=WEEKLY;BYDAY=XX", "RRULE:FREQ=DAILY;UNTIL=00000101",
        "RRULE:FREQ=DAILY;UNTIL=99991231T235959Z", "RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30",
        "RRULE:FREQ=SECONDLY", "RRULE:FREQ=DAILY;BYHOUR=1,2,3", "RRULE:FREQ=WEEKLY;COUNT=3;UNTIL=20270101",
        "RRULE:FREQ=DAILY;X-NAME=1", "RRULE:FREQ=DAILY;COUNT=3;COUNT=4", "RDATE:2026-03-12", "RDATE:20260230T100000",
        "RDATE;VALUE=PERIOD:20260312T100000Z/PT1H", "EXDATE;TZID=Mars/Olympus:20260312T100000", "EXDATE:",
        "EXRULE:FREQ=DAILY", "DTSTART:20260101T000000", "rrule:freq=daily;count=3", "RRULE:FREQ=DAILY\nCOUNT=3")) {
      v.add(Hostile.json("[" + ApiChecks.q(line) + "]"));
    }
    v.add(Hostile.json("[\"RRULE:FREQ=DAILY;COUNT=2\",\"RRULE:FREQ=WEEKLY;COUNT=2\"]"));
    v.add(Hostile.json("[\"RRULE:FREQ=DAILY;COUNT=2\"," + ApiChecks.q("RDATE:" + "20270101T100000,".repeat(120)) + "]"));
    v.add(Hostile.json(nested("[", "]", 70)));
    v.add(Hostile.json(nested("{\"a\":", "}", 70)));
    v.add(Hostile.json(nested("[", "]", 3000)));
    var list = new StringBuilder();
    var flatList = new StringBuilder();
    for (int i = 0; i < 101; i++) {
      list.append(i == 0 ? "[" : ",").append(i + 1);
      flatList.append(i == 0 ? "" : ",").append(i + 1);
    }
    v.add(new Hostile("101-item list", list + "]", flatList.toString(), false));
    var strList = new StringBuilder("[");
    for (int i = 0; i < 101; i++) strList.append(i == 0 ? "" : ",").append("\"t").append(i).append('"');
    v.add(Hostile.json(strList + "]"));
    String huge = "y".repeat(200_001);
    v.add(new Hostile("200001 chars", ApiChecks.q(huge), huge, true));
    v.add(new Hostile("150000 ctl chars", ApiChecks.q("\u0001".repeat(150_000)), null, true)); // 900 kB escaped
    v.add(new Hostile("100001 emoji", ApiChecks.q("😀".repeat(100_001)), null, true));
    return v;
  }

  static String nested(String open, String close, int depth) {
    return open.repeat(depth) + close.repeat(depth);
  }

  /** Raw query/form fragments; NAME is the parameter name. Already percent-encoded where needed. */
  static final List<String> RAW = List.of(
      "NAME=1&NAME=2", "NAME=&NAME=", "NAME[]=1&NAME[]=", "NAME[]=&NAME[]=&NAME[]=", "NAME[a][b][c]=1",
      "NAME[99999999999999999999][a]=1", "NAME[0][id]=1&NAME[1][venue]=Zaal", "NAME[0]=a&NAME[a]=b",
      "NAME[][]=1", "NAME[=1", "NAME]=1", "NAME", "NAME=%FF%FE", "NAME=%00", "NAME=%C0%AF", "NAME=%ED%A0%80",
      "NAME=a%", "NAME=%zz", "NAME=%2C%2C%2C", "NAME[id]=abc", "NAME[venue]=&NAME[geo_lat]=1e400",
      "NAME=1;NAME=2", "NAME%5B%5D=1", "NAME=" + "9".repeat(400));

  // ---------------------------------------------------------------------------------------------
  // Random values

  private static final List<String> INTEGERS = List.of("0", "1", "-1", "2", "12", "50", "51", "100", "101",
      "2147483647", "2147483648", "-2147483649", "9007199254740993", "9223372036854775807", "9223372036854775808",
      "-9223372036854775808", "-9223372036854775809", "1" + "0".repeat(40), "1" + "0".repeat(1200), "1.0", "1.5",
      "1e3", "1E+2", "-0.0", "4.9e-324", "1.7976931348623157e308", "1e99999");
  /** Change tokens (GET /changes since): well-formed, ahead of the feed, out of range, almost tokens. */
  static final List<String> TOKENS = List.of("0.0", "1.0", "0.1", "1.1", "2.5", "999999999999999999.999999999999999999",
      "9223372036854775807.0", "18446744073709551615.1", "-1.0", "1.", ".1", "1..2", "1.2.", " 3.4 ", "3.4\n", "3.4%00",
      "\u0663.\u0664", "\uff11.\uff12", "0x1.0", "1e3.0", "+1.0", "1,2", "1.2,3.4", "00000000000000000001.1", "1.-0");

  private static final List<String> DATES = List.of("2026-03-11 20:00", "2026-03-11", "tomorrow 20:00", "now",
      "2026-03-11T20:00:00+01:00", "2026-03-11T20:00:00Z", "1773259200", "-1", "0", "253402300800", "99999999999",
      "2026-02-29", "2024-02-29 24:00", "2026-13-01", "31/12/2026", "+1 week", "last monday", "@1773259200",
      "1773259200.5", "2026-03-29 02:30", "9999-12-31 23:59:59", "0001-01-01 00:00");
  private static final List<String> WORDS = List.of("Zomerconcert", "Concert d'été", "œuvre", "Straße", "İstanbul",
      "ǅ", "ﬃ", "x", " padded ", "tab\there", "line\nbreak", "nul\u0000byte", "bell\u0007", "esc\u001b[31m",
      "del\u007f", "c1\u0085\u009f", "rtl\u202e", "zw\u200b\u200d", "bom\ufeff", "😀", "e\u0301", "\ud83d",
      "\udc00x", "ﷺ", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "a/b", "a%2Fb", "a?b=c", "#frag", "..", "~", "Ω", "ß".repeat(201));

  /** A seeded value for a parameter declared with {@code arg} (type, enum, items), valid or hostile. */
  static Hostile random(Random random, JsonNode arg, List<Long> knownIds) {
    int roll = random.nextInt(100);
    if (roll < 30) return VALUES.get(random.nextInt(VALUES.size() - 3)); // the last three are big
    if (roll < 36) return Hostile.both(SQL_AND_HTML.get(random.nextInt(SQL_AND_HTML.size())));
    if (roll < 40) return wrongJsonType(random);
    String type = arg.path("type").asText();
    if (roll < 55 && !knownIds.isEmpty() && (type.equals("integer") || type.equals("array"))) {
      return Hostile.both(String.valueOf(knownIds.get(random.nextInt(knownIds.size()))));
    }
    JsonNode enumValues = arg.has("enum") ? arg.get("enum") : arg.path("items").path("enum");
    if (roll < 70 && enumValues.size() > 0) {
      String value = enumValues.get(random.nextInt(enumValues.size())).asText();
      return Hostile.both(random.nextBoolean() ? value : value.toUpperCase());
    }
    return switch (type) {
      case "integer", "number" -> number(random);
      case "boolean" -> Hostile.both(pick(random, "true", "false", "1", "0", "yes", "off", "TRUE", "2", "tru"));
      case "array" -> list(random, knownIds);
      default -> "date-time".equals(arg.path("format").asText()) || random.nextInt(4) == 0
          ? Hostile.both(pick(random, DATES)) : Hostile.both(text(random));
    };
  }

  private static Hostile number(Random random) {
    String number = pick(random, INTEGERS);
    // As a JSON number when it is one, so that huge values reach the parser as numbers, not strings.
    return random.nextBoolean() && number.matches("-?[0-9.eE+]+") && !number.startsWith(".")
        ? new Hostile(number.length() > 40 ? number.substring(0, 40) + "…" : number, number, number, false)
        : Hostile.both(number);
  }

  private static Hostile list(Random random, List<Long> knownIds) {
    int size = random.nextInt(10) == 0 ? 10_000 : random.nextInt(6);
    var json = new StringBuilder("[");
    var flat = new StringBuilder();
    for (int i = 0; i < size; i++) {
      String item = !knownIds.isEmpty() && random.nextBoolean()
          ? String.valueOf(knownIds.get(random.nextInt(knownIds.size()))) : text(random);
      json.append(i == 0 ? "" : ",").append(item.matches("[0-9]+") ? item : ApiChecks.q(item));
      flat.append(i == 0 ? "" : ",").append(item);
    }
    return new Hostile(size + "-item list", json.append(']').toString(), flat.toString(), false);
  }

  private static Hostile wrongJsonType(Random random) {
    return Hostile.json(pick(random, "{}", "[]", "true", "null", "0", "-1.5e300", "\"\"", "[[1]]",
        "{\"id\":1}", "[\"a\",1,true,null,{}]", "{\"\":{\"\":[]}}"));
  }

  static String text(Random random) {
    var text = new StringBuilder(pick(random, WORDS));
    while (random.nextInt(3) == 0) text.append(' ').append(pick(random, WORDS));
    return text.toString();
  }

  // ---------------------------------------------------------------------------------------------
  // Whole bodies

  /** Byte sequences that are not UTF-8: lone continuation, overlong, surrogate, truncated, out of range. */
  private static final List<byte[]> INVALID_UTF8 = List.of(new byte[] {(byte) 0x80}, new byte[] {(byte) 0xC0, (byte) 0xAF},
      new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, new byte[] {(byte) 0xE2, (byte) 0x82},
      new byte[] {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, new byte[] {(byte) 0xFF, (byte) 0xFE},
      new byte[] {(byte) 0xF0, (byte) 0x9F, (byte) 0x98});

  /** The body with invalid UTF-8 bytes inserted at a random place (often inside a string value). */
  static byte[] withInvalidUtf8(Random random, byte[] body) {
    byte[] invalid = INVALID_UTF8.get(random.nextInt(INVALID_UTF8.size()));
    int at = body.length == 0 ? 0 : random.nextInt(body.length + 1);
    for (int i = at; i < body.length && i < at + 40; i++) {
      if (body[i] == '"' || body[i] == '=') {
        at = i + 1; // right after a quote or an equals sign: inside a value
        break;
      }
    }
    var out = new ByteArrayOutputStream(body.length + invalid.length);
    out.write(body, 0, at);
    out.writeBytes(invalid);
    out.write(body, at, body.length - at);
    return out.toByteArray();
  }

  /** A JSON body whose members are repeated with values of other types (the last one counts). */
  static String withDuplicateKeys(Random random, String jsonObject) {
    if (jsonObject.length() < 3) return jsonObject;
    String inner = jsonObject.substring(1, jsonObject.length() - 1);
    String again = inner.replaceAll(":\\s*\"[^\"]*\"", ":" + wrongJsonType(random).json());
    return "{" + inner + "," + again + "}";
  }

  /** A JSON object with one member nested 10 000 arrays or objects deep. */
  static String deepJson(Random random, String name) {
    String value = random.nextBoolean() ? nested("[", "]", 10_000) : nested("{\"a\":", "}", 10_000).replace("{\"a\":}", "{}");
    return "{" + ApiChecks.q(name) + ":" + value + "}";
  }

  /** A form body with the parameter repeated 10 000 times (bracket, plain or indexed form). */
  static String hugeFormList(Random random, String name) {
    int shape = random.nextInt(3);
    var form = new StringBuilder();
    for (int i = 0; i < 10_000; i++) {
      String key = shape == 0 ? name + "[]" : shape == 1 ? name : name + "[" + i + "][id]";
      form.append(i == 0 ? "" : "&").append(key).append('=').append(i + 1);
    }
    return form.toString();
  }

  static String pick(Random random, String... options) {
    return options[random.nextInt(options.length)];
  }

  static String pick(Random random, List<String> options) {
    return options.get(random.nextInt(options.size()));
  }
}
