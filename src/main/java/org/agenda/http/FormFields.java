package org.agenda.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Turns name/value pairs of a query string or form into parameter values (§2.5): repeated names and
 * {@code x[]} become lists, {@code x[key]} objects, {@code x[n][key]} lists of objects.
 */
final class FormFields {
  private final Map<String, ArrayNode> plain = new LinkedHashMap<>();
  private final Map<String, ObjectNode> objects = new LinkedHashMap<>();
  private final Map<String, TreeMap<Long, ObjectNode>> objectLists = new LinkedHashMap<>();
  private final Map<String, Boolean> bracketed = new LinkedHashMap<>();
  private final java.util.List<String> order = new java.util.ArrayList<>();

  /** Parses {@code a=1&b=2} with {@code +} as space and UTF-8 percent-encoding. */
  static Map<String, Raw> parseUrlEncoded(String text) {
    var fields = new FormFields();
    if (text != null && !text.isEmpty()) {
      for (String pair : text.split("&")) {
        if (pair.isEmpty()) continue;
        int eq = pair.indexOf('=');
        String name = decode(eq < 0 ? pair : pair.substring(0, eq));
        String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
        fields.add(name, value);
      }
    }
    return fields.toParams();
  }

  void add(String fullName, String value) {
    int bracket = fullName.indexOf('[');
    if (bracket <= 0 || !fullName.endsWith("]")) {
      addPlain(fullName, value, false);
      return;
    }
    String name = fullName.substring(0, bracket);
    String[] keys = fullName.substring(bracket + 1, fullName.length() - 1).split("\\]\\[", -1);
    if (keys.length == 1 && (keys[0].isEmpty() || keys[0].chars().allMatch(Character::isDigit))) {
      addPlain(name, value, true);
    } else if (keys.length == 1) {
      remember(name);
      objects.computeIfAbsent(name, k -> Json.object()).put(keys[0], value);
    } else if (keys.length == 2 && !keys[0].isEmpty() && keys[0].chars().allMatch(Character::isDigit)
        && keys[0].length() < 18) {
      remember(name);
      objectLists.computeIfAbsent(name, k -> new TreeMap<>())
          .computeIfAbsent(Long.parseLong(keys[0]), k -> Json.object()).put(keys[1], value);
    } else {
      addPlain(fullName, value, false);
    }
  }

  private void addPlain(String name, String value, boolean isList) {
    remember(name);
    plain.computeIfAbsent(name, k -> Json.array()).add(TextNode.valueOf(value));
    if (isList) bracketed.put(name, true);
  }

  private void remember(String name) {
    if (!order.contains(name)) order.add(name);
  }

  Map<String, Raw> toParams() {
    Map<String, Raw> result = new LinkedHashMap<>();
    for (String name : order) {
      JsonNode node;
      if (objectLists.containsKey(name)) {
        ArrayNode list = Json.array();
        objectLists.get(name).values().forEach(list::add);
        node = list;
      } else if (objects.containsKey(name)) {
        node = objects.get(name);
      } else {
        ArrayNode values = plain.get(name);
        node = values.size() == 1 && !bracketed.containsKey(name) ? values.get(0) : values;
      }
      result.put(name, new Raw(node, true));
    }
    return result;
  }

  /** Percent-decoding that never fails: malformed escapes are kept as they are. */
  static String decode(String text) {
    if (text.indexOf('%') < 0 && text.indexOf('+') < 0) return text;
    var bytes = new ByteArrayOutputStream(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '+') {
        bytes.write(' ');
      } else if (c == '%' && i + 2 < text.length()
          && hex(text.charAt(i + 1)) >= 0 && hex(text.charAt(i + 2)) >= 0) {
        bytes.write(hex(text.charAt(i + 1)) * 16 + hex(text.charAt(i + 2)));
        i += 2;
      } else {
        byte[] encoded = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
        if (Character.isHighSurrogate(c) && i + 1 < text.length()) {
          encoded = text.substring(i, i + 2).getBytes(StandardCharsets.UTF_8);
          i++;
        }
        bytes.writeBytes(encoded);
      }
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }

  private static int hex(char c) {
    return Character.digit(c, 16);
  }
}
