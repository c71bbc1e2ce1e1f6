package org.agenda.importer;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The command line of {@code import tec}; the application password comes from the environment only. */
record ImportOptions(String baseUrl, String namespace, String user, String password, List<String> languages,
    boolean languageRoots, boolean dryRun, String since, int concurrency, String authorMap, String as) {

  static final String USAGE = "usage: java -jar agenda.jar import tec BASE_URL [--namespace tribe/events/v1]"
      + " [--user NAME] [--language L[,L2…] [--language-roots]] [--dry-run] [--since DATE] [--concurrency N] [--author-map FILE]"
      + " [--as AGENDA_USER]   (password of --user: AGENDA_IMPORT_PASSWORD)";
  private static final DateTimeFormatter MODIFIED = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

  /** A command line that cannot be run: exit status 2. */
  static final class Usage extends Exception {
    Usage(String message) {
      super(message);
    }
  }

  static ImportOptions parse(List<String> args, Map<String, String> env, List<String> agendaLanguages,
      String defaultLanguage) throws Usage {
    if (args.isEmpty() || !args.get(0).equals("tec")) throw new Usage("the only source is \"tec\" (The Events Calendar)");
    String baseUrl = null;
    String namespace = "tribe/events/v1";
    String user = null;
    List<String> languages = List.of(defaultLanguage);
    boolean languageRoots = false;
    boolean dryRun = false;
    String since = null;
    int concurrency = 4;
    String authorMap = null;
    String as = null;
    for (int i = 1; i < args.size(); i++) {
      String arg = args.get(i);
      switch (arg) {
        case "--namespace" -> namespace = trimSlashes(value(args, ++i, arg));
        case "--user" -> user = value(args, ++i, arg);
        case "--language" -> languages = languages(value(args, ++i, arg), agendaLanguages);
        case "--language-roots" -> languageRoots = true;
        case "--dry-run" -> dryRun = true;
        case "--since" -> since = since(value(args, ++i, arg));
        case "--concurrency" -> concurrency = concurrency(value(args, ++i, arg));
        case "--author-map" -> authorMap = value(args, ++i, arg);
        case "--as" -> as = value(args, ++i, arg);
        case "--password" -> throw new Usage("the password is read from AGENDA_IMPORT_PASSWORD, never from the"
            + " command line");
        default -> {
          if (arg.startsWith("--") || baseUrl != null) throw new Usage("unknown argument: " + arg);
          baseUrl = arg;
        }
      }
    }
    if (baseUrl == null) throw new Usage("BASE_URL is missing (the site's REST root, e.g. https://example.org/wp-json)");
    if (!baseUrl.matches("(?i)https?://[^/\\s]+.*")) throw new Usage("BASE_URL must be an http(s) URL: " + baseUrl);
    String password = env.get("AGENDA_IMPORT_PASSWORD");
    if (user != null && (password == null || password.isEmpty())) {
      throw new Usage("--user needs the application password in AGENDA_IMPORT_PASSWORD");
    }
    if (languageRoots && languages.size() < 2) throw new Usage("--language-roots needs two languages or more in --language");
    return new ImportOptions(baseUrl, namespace, user, user == null ? null : password, languages, languageRoots, dryRun,
        since, concurrency, authorMap, as);
  }

  private static String value(List<String> args, int i, String option) throws Usage {
    if (i >= args.size()) throw new Usage(option + " needs a value");
    return args.get(i);
  }

  private static String trimSlashes(String value) {
    return value.replaceAll("^/+|/+$", "");
  }

  private static List<String> languages(String value, List<String> agendaLanguages) throws Usage {
    var languages = new ArrayList<String>();
    for (String code : value.split(",")) {
      String language = code.trim().toLowerCase(java.util.Locale.ROOT);
      if (!agendaLanguages.contains(language)) {
        throw new Usage("--language " + language + " is not one of AGENDA_LANGUAGES " + agendaLanguages);
      }
      if (!languages.contains(language)) languages.add(language);
    }
    return List.copyOf(languages);
  }

  /** A date or date and time in UTC, as the site's {@code modified_utc} dates are written. */
  private static String since(String value) throws Usage {
    try {
      if (value.length() == 10) return LocalDate.parse(value).atStartOfDay().format(MODIFIED);
      return LocalDateTime.parse(value.replace(' ', 'T')).format(MODIFIED);
    } catch (DateTimeParseException e) {
      throw new Usage("--since must be a date (2026-11-01) or a date and time in UTC (2026-11-01 08:00:00): " + value);
    }
  }

  private static int concurrency(String value) throws Usage {
    try {
      int n = Integer.parseInt(value);
      if (n >= 1 && n <= 32) return n;
    } catch (NumberFormatException e) {
      // the message below
    }
    throw new Usage("--concurrency must be a number from 1 to 32: " + value);
  }
}
