package org.agenda.cache;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import org.agenda.db.ByIdLoader;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class KeptRenderingsTest {
  private static String text(ByIdLoader.Form form) {
    byte[] bytes = new byte[form.length()];
    form.copyTo(bytes, 0);
    return new String(bytes, StandardCharsets.UTF_8);
  }

  /** Compressed (list items) or kept as they are (embedded terms). */
  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void aFormKeptWithASourceMadeForTheAskingIsFoundByItsCheckWithoutMakingAnotherSource(boolean compressed) {
    var renderings = new KeptRenderings<String>(1 << 20, compressed);
    var renders = new AtomicInteger();
    var sourcesMade = new AtomicInteger();
    var firstSource = new Object();

    ByIdLoader.Form first = renderings.get("item", kept -> false, () -> {
      sourcesMade.incrementAndGet();
      return firstSource;
    }, () -> ("rendered " + renders.incrementAndGet()).getBytes(StandardCharsets.UTF_8));
    ByIdLoader.Form again = renderings.get("item", kept -> kept == firstSource, () -> {
      sourcesMade.incrementAndGet();
      return new Object();
    }, () -> ("rendered " + renders.incrementAndGet()).getBytes(StandardCharsets.UTF_8));

    assertThat(text(first)).isEqualTo("rendered 1");
    assertThat(text(again)).isEqualTo("rendered 1");
    assertThat(renders).hasValue(1);
    assertThat(sourcesMade).hasValue(1);

    var secondSource = new Object();
    ByIdLoader.Form changed = renderings.get("item", kept -> false, () -> secondSource,
        () -> ("rendered " + renders.incrementAndGet()).getBytes(StandardCharsets.UTF_8));
    ByIdLoader.Form keptAnew = renderings.get("item", kept -> kept == secondSource, Object::new,
        () -> ("rendered " + renders.incrementAndGet()).getBytes(StandardCharsets.UTF_8));
    assertThat(text(changed)).isEqualTo("rendered 2");
    assertThat(text(keptAnew)).isEqualTo("rendered 2");
  }
}
