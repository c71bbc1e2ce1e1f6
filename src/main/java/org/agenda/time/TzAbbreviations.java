package org.agenda.time;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;

/**
 * tz database abbreviations (API.md §8.4) from tz-abbreviations.tsv, which
 * scripts/generate-tz-abbreviations.sh generates with zdump; Java's own zone names differ from them.
 */
final class TzAbbreviations {

    private static final String RESOURCE = "tz-abbreviations.tsv";

    private TzAbbreviations() {
    }

    /** The abbreviation of {@code zoneName} while its offset is {@code offset}. */
    static String of(String zoneName, ZoneOffset offset) {
        String known = Table.ENTRIES.get(key(zoneName, offset.getTotalSeconds()));
        return known != null ? known : numeric(offset);
    }

    /** The tz database's own form for zones without a letter abbreviation: +04, +0545, -03. */
    static String numeric(ZoneOffset offset) {
        int total = offset.getTotalSeconds();
        int magnitude = Math.abs(total);
        StringBuilder text = new StringBuilder(total < 0 ? "-" : "+")
                .append(String.format("%02d", magnitude / 3600));
        if (magnitude % 3600 != 0) {
            text.append(String.format("%02d", magnitude / 60 % 60));
        }
        if (magnitude % 60 != 0) {
            text.append(String.format("%02d", magnitude % 60));
        }
        return text.toString();
    }

    private static String key(String zoneName, int offsetSeconds) {
        return zoneName + '\t' + offsetSeconds;
    }

    /** Loaded on first use only (holder idiom), since most requests never need an abbreviation. */
    private static final class Table {
        static final Map<String, String> ENTRIES = load();

        private static Map<String, String> load() {
            Map<String, String> entries = new HashMap<>();
            try (InputStream stream = TzAbbreviations.class.getResourceAsStream(RESOURCE)) {
                if (stream == null) {
                    throw new IllegalStateException("missing resource " + RESOURCE);
                }
                BufferedReader lines = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8));
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    if (line.isEmpty() || line.startsWith("#")) {
                        continue;
                    }
                    String[] fields = line.split("\t");
                    entries.put(key(fields[0], Integer.parseInt(fields[1])), fields[2]);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return Map.copyOf(entries);
        }
    }
}
