package org.agenda.http;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads the text fields of a {@code multipart/form-data} body; file parts are ignored (§2.5). */
final class Multipart {
  private static final Pattern BOUNDARY = Pattern.compile("boundary=(\"([^\"]+)\"|([^;\\s]+))", Pattern.CASE_INSENSITIVE);
  private static final Pattern NAME = Pattern.compile("[;\\s]name=\"([^\"]*)\"", Pattern.CASE_INSENSITIVE);

  private Multipart() {}

  /** Returns null when the body is not well-formed multipart. */
  static Map<String, Raw> parse(byte[] body, String contentType) {
    Matcher boundaryMatch = BOUNDARY.matcher(contentType);
    if (!boundaryMatch.find()) return null;
    String boundary = boundaryMatch.group(2) != null ? boundaryMatch.group(2) : boundaryMatch.group(3);
    // ISO-8859-1 maps bytes one to one, so part contents can be cut out and re-read as UTF-8.
    String text = new String(body, StandardCharsets.ISO_8859_1);
    String delimiter = "--" + boundary;
    int position = text.indexOf(delimiter);
    if (position < 0) return null;
    var fields = new FormFields();
    while (true) {
      position += delimiter.length();
      if (text.startsWith("--", position)) break;
      int lineEnd = text.indexOf("\r\n", position);
      int next = text.indexOf("\r\n" + delimiter, position);
      if (lineEnd < 0 || next < 0) return null;
      // A part is its header lines, an empty line, then the content; a part without headers has no name.
      String part = lineEnd + 2 <= next ? text.substring(lineEnd + 2, next) : "";
      int blank = part.indexOf("\r\n\r\n");
      if (blank >= 0) addPart(fields, part.substring(0, blank), part.substring(blank + 4));
      position = next + 2;
    }
    return fields.toParams();
  }

  private static void addPart(FormFields fields, String headers, String content) {
    for (String header : headers.split("\r\n")) {
      if (!header.toLowerCase(Locale.ROOT).startsWith("content-disposition:")) continue;
      if (header.toLowerCase(Locale.ROOT).contains("filename=")) return;
      Matcher name = NAME.matcher(header);
      if (!name.find()) return;
      String fieldName = new String(name.group(1).getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
      fields.add(fieldName, new String(content.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8));
    }
  }
}
