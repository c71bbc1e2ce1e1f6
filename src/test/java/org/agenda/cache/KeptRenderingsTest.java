package org.agenda.cache;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.ref.WeakReference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.agenda.db.ByIdLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class KeptRenderingsTest {
  @TempDir Path folder;

  private static String text(ByIdLoader.Form form) {
    byte[] bytes = new byte[form.length()];
    form.copyTo(bytes, 0);
    return new String(bytes, StandardCharsets.UTF_8);
  }

  /** Compressed (list items) or kept as they are (embedded terms). */
  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void aFormIsKeptWhileItsSourceIsTheSameOrEqualAndRenderedAgainForAnother(boolean compressed) {
    var renderings = new KeptRenderings<String>(1 << 20, compressed, null, () -> null, false);
    var renders = new AtomicInteger();
    Supplier<byte[]> render = () -> ("rendered " + renders.incrementAndGet()).getBytes(StandardCharsets.UTF_8);

    ByIdLoader.Form first = renderings.get("item", "source", render);
    ByIdLoader.Form again = renderings.get("item", "source", render);
    ByIdLoader.Form equal = renderings.get("item", new String("source"), render);
    assertThat(text(first)).isEqualTo("rendered 1");
    assertThat(text(again)).isEqualTo("rendered 1");
    assertThat(text(equal)).isEqualTo("rendered 1");
    assertThat(renders).hasValue(1);

    ByIdLoader.Form changed = renderings.get("item", "another source", render);
    assertThat(text(changed)).isEqualTo("rendered 2");
    assertThat(text(renderings.kept("item", source -> source.equals("another source")))).isEqualTo("rendered 2");
  }

  /**
   * Forms whose keys say what they were rendered from: those memory let go of are found on disk, under their key
   * only, and each is rendered once.
   */
  @Test
  void formsThatMemoryLetGoOfAreFoundOnDiskUnderTheirKeyAndNotRenderedAgain() throws Exception {
    try (var diskCache = new DiskCache(folder.resolve("cache"), 1L << 30)) {
      // room in memory for about 100 of the 2 000 forms of 2 KB (compressed: they barely compress)
      var renderings = new KeptRenderings<Integer>(256 << 10, true, key -> "form " + key, diskCache::opened,
          false);
      var renders = new AtomicInteger();
      var random = new Random(1);
      String[] forms = new String[2_000];
      for (int i = 0; i < forms.length; i++) {
        var text = new StringBuilder("form " + i + ":");
        while (text.length() < 2_048) text.append((char) ('a' + random.nextInt(26)));
        forms[i] = text.toString();
        int key = i;
        renderings.get(key, new Object(), () -> {
          renders.incrementAndGet();
          return forms[key].getBytes(StandardCharsets.UTF_8);
        });
      }
      diskCache.opened().flush();
      assertThat(renderings.kept(0, kept -> true)).as("the first forms were let go of").isNull();
      // looked up in batches of 1 to 70 (more than one statement's worth), each with a key never rendered within it
      int from = 0;
      for (int size = 1; from < forms.length; size = size % 70 + 1) {
        List<Integer> keys = new ArrayList<>();
        for (int i = from; i < Math.min(forms.length, from + size); i++) keys.add(i);
        keys.add(keys.size() / 2, forms.length + from);
        ByIdLoader.Form[] found = renderings.stored(keys);
        assertThat(found).hasSize(keys.size());
        for (int j = 0; j < keys.size(); j++) {
          int key = keys.get(j);
          if (key >= forms.length) {
            assertThat(found[j]).as("never rendered").isNull();
          } else {
            assertThat(found[j]).as("form %d", key).isNotNull();
            assertThat(text(found[j])).isEqualTo(forms[key]);
          }
        }
        from += size;
      }
      assertThat(renders).hasValue(forms.length);
    }
    assertThat(Files.list(folder)).as("the disk cache removes its files when closed").isEmpty();
  }

  @Test
  void formsOfAKindWithoutDiskKeysAreNotLookedForOnDisk() {
    var renderings = new KeptRenderings<String>(1 << 20, true, null, () -> {
      throw new AssertionError("no disk cache is opened for forms that cannot be kept there");
    }, false);
    renderings.get("item", new Object(), () -> "x".repeat(10_000).getBytes(StandardCharsets.UTF_8));
    assertThat(renderings.stored(List.of("item"))).containsExactly((ByIdLoader.Form) null);
  }

  @Test
  void aFormHeldWithItsSourceWeaklyMatchesItWhileOthersKeepItAndDoesNotKeepItItself() {
    var renderings = new KeptRenderings<Integer>(1 << 20, false, null, () -> null, true);
    var renders = new AtomicInteger();
    Supplier<byte[]> render = () -> {
      renders.incrementAndGet();
      return new byte[100];
    };
    Object record = new StringBuilder("a record the caches of records keep");
    renderings.get(1, record, render);
    renderings.get(1, record, render);
    assertThat(renders).as("the same record, kept elsewhere: the form is kept").hasValue(1);

    var letGo = new WeakReference<>(new StringBuilder("a record the caches of records let go of"));
    renderings.get(2, letGo.get(), render);
    for (int attempt = 0; attempt < 20 && letGo.get() != null; attempt++) System.gc();
    assertThat(letGo.get()).as("the form does not keep its record in memory").isNull();
    assertThat(renderings.kept(2, source -> source != null)).isNull();
    renderings.get(2, new StringBuilder("the record loaded again"), render);
    assertThat(renders).as("a record loaded again is another object: its form is rendered again").hasValue(3);
    assertThat(renderings.kept(1, source -> source == record)).isNotNull();
  }
}
