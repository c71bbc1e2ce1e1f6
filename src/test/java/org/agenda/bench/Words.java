package org.agenda.bench;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Deterministic text in nl, en and fr for generated records. Words are drawn with a skewed distribution
 * (low indices are common, high ones rare), so that a search for a mid-list word matches a modest share of
 * events, as on a real calendar.
 */
final class Words {
  private Words() {}

  static final Map<String, List<String>> VOCABULARY = Map.of(
      "nl", List.of("avond", "concert", "muziek", "theater", "dans", "markt", "festival", "lezing", "kinderen",
          "wandeling", "tentoonstelling", "film", "workshop", "koor", "orgel", "jazz", "klassiek", "buiten",
          "museum", "park", "kerk", "bibliotheek", "stad", "zomer", "winter", "voorjaar", "najaar", "familie",
          "gratis", "proeverij", "fiets", "natuur", "vogels", "poëzie", "verhalen", "geschiedenis", "kunst",
          "schilderij", "beeldhouwwerk", "fotografie", "debat", "wetenschap", "sterren", "boekenmarkt",
          "rommelmarkt", "braderie", "kermis", "optocht", "carnaval", "kerstmarkt", "ijsbaan", "strand",
          "haven", "molen", "kasteel", "tuin", "rondleiding", "cursus", "koken", "zeilen"),
      "en", List.of("evening", "concert", "music", "theatre", "dance", "market", "festival", "lecture",
          "children", "walk", "exhibition", "film", "workshop", "choir", "organ", "jazz", "classical", "outdoor",
          "museum", "park", "church", "library", "city", "summer", "winter", "spring", "autumn", "family",
          "free", "tasting", "bicycle", "nature", "birds", "poetry", "stories", "history", "art", "painting",
          "sculpture", "photography", "debate", "science", "stars", "book fair", "flea market", "street fair",
          "funfair", "parade", "carnival", "christmas market", "ice rink", "beach", "harbour", "windmill",
          "castle", "garden", "guided tour", "course", "cooking", "sailing"),
      "fr", List.of("soirée", "concert", "musique", "théâtre", "danse", "marché", "festival", "conférence",
          "enfants", "promenade", "exposition", "film", "atelier", "chœur", "orgue", "jazz", "classique",
          "plein air", "musée", "parc", "église", "bibliothèque", "ville", "été", "hiver", "printemps",
          "automne", "famille", "gratuit", "dégustation", "vélo", "nature", "oiseaux", "poésie", "contes",
          "histoire", "art", "peinture", "sculpture", "photographie", "débat", "science", "étoiles",
          "salon du livre", "brocante", "braderie", "fête foraine", "défilé", "carnaval", "marché de noël",
          "patinoire", "plage", "port", "moulin", "château", "jardin", "visite guidée", "cours", "cuisine",
          "voile"));

  static final List<String> CITIES = List.of("Amsterdam", "Rotterdam", "Utrecht", "Den Haag", "Eindhoven",
      "Groningen", "Maastricht", "Leiden", "Haarlem", "Nijmegen", "Gent", "Antwerpen", "Brussel", "Brugge",
      "Leuven", "Lille", "Liège", "Namur", "Arnhem", "Zwolle");
  static final List<String> COUNTRIES = List.of("Netherlands", "Netherlands", "Netherlands", "Netherlands",
      "Netherlands", "Netherlands", "Netherlands", "Netherlands", "Netherlands", "Netherlands", "Belgium",
      "Belgium", "Belgium", "Belgium", "Belgium", "France", "Belgium", "Belgium", "Netherlands", "Netherlands");
  /** Approximate centres of {@link #CITIES}, latitude then longitude. */
  static final double[][] CENTRES = {{52.37, 4.90}, {51.92, 4.48}, {52.09, 5.12}, {52.08, 4.31}, {51.44, 5.47},
      {53.22, 6.57}, {50.85, 5.69}, {52.16, 4.49}, {52.38, 4.64}, {51.84, 5.85}, {51.05, 3.72}, {51.22, 4.40},
      {50.85, 4.35}, {51.21, 3.22}, {50.88, 4.70}, {50.63, 3.06}, {50.63, 5.57}, {50.47, 4.87}, {51.98, 5.91},
      {52.52, 6.08}};

  /** A word index skewed toward the start of the list (about 1/3 of draws hit the first 4 %). */
  static int skewed(SplittableRandom random, int size) {
    double r = random.nextDouble();
    return (int) Math.min(size - 1, Math.floor(size * r * r * r));
  }

  static String word(SplittableRandom random, String lang) {
    List<String> words = VOCABULARY.get(lang);
    return words.get(skewed(random, words.size()));
  }

  static String capitalised(String text) {
    return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
  }

  /** {@code count} words drawn from the vocabulary of {@code lang}, separated by spaces. */
  static String phrase(SplittableRandom random, String lang, int count) {
    var text = new StringBuilder();
    for (int i = 0; i < count; i++) {
      if (i > 0) text.append(' ');
      text.append(word(random, lang));
    }
    return text.toString();
  }

  /** One to three HTML paragraphs of a few sentences each. */
  static String paragraphs(SplittableRandom random, String lang) {
    var html = new StringBuilder();
    int paragraphs = 1 + random.nextInt(3);
    for (int p = 0; p < paragraphs; p++) {
      html.append("<p>");
      int sentences = 2 + random.nextInt(3);
      for (int s = 0; s < sentences; s++) {
        if (s > 0) html.append(' ');
        html.append(capitalised(phrase(random, lang, 6 + random.nextInt(10)))).append('.');
      }
      html.append("</p>");
    }
    return html.toString();
  }
}
