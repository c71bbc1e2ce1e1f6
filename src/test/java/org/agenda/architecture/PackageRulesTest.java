package org.agenda.architecture;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * How the packages may use each other (docs/architecture.md): one package per resource and one per
 * cross-cutting job, each layer using only the ones below it, no circle of packages, and a type public only
 * when another package uses it.
 */
class PackageRulesTest {
  private static final JavaClasses MAIN = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("org.agenda");
  private static final JavaClasses MAIN_AND_TESTS = new ClassFileImporter().importPackages("org.agenda");

  @Test
  void eachLayerUsesOnlyTheLayersBelowIt() {
    layeredArchitecture().consideringOnlyDependenciesInLayers()
        .layer("entry").definedBy("org.agenda")
        .layer("import").definedBy("org.agenda.importer..")
        .layer("wiring").definedBy("org.agenda.app..")
        .layer("events").definedBy("org.agenda.event..")
        .layer("changes").definedBy("org.agenda.change..")
        .layer("venues, organizers, terms").definedBy("org.agenda.venue..", "org.agenda.organizer..",
            "org.agenda.term..")
        .layer("records").definedBy("org.agenda.record..")
        .layer("self-description, caching, operations").definedBy("org.agenda.doc..", "org.agenda.cache..",
            "org.agenda.operations..")
        .layer("transport").definedBy("org.agenda.http..")
        .layer("users").definedBy("org.agenda.user..")
        .layer("database").definedBy("org.agenda.db..")
        .layer("leaves").definedBy("org.agenda.config..", "org.agenda.i18n..", "org.agenda.text..",
            "org.agenda.time..", "org.agenda.series..")
        .whereLayer("entry").mayNotBeAccessedByAnyLayer()
        .whereLayer("import").mayOnlyBeAccessedByLayers("entry")
        .whereLayer("wiring").mayOnlyBeAccessedByLayers("entry", "import")
        .whereLayer("events").mayOnlyBeAccessedByLayers("wiring")
        .whereLayer("changes").mayOnlyBeAccessedByLayers("wiring")
        .whereLayer("venues, organizers, terms").mayOnlyBeAccessedByLayers("wiring", "events", "changes")
        .whereLayer("records").mayOnlyBeAccessedByLayers("wiring", "events", "changes", "venues, organizers, terms")
        .whereLayer("self-description, caching, operations").mayOnlyBeAccessedByLayers("entry", "wiring")
        .whereLayer("transport").mayOnlyBeAccessedByLayers("wiring", "events", "changes", "venues, organizers, terms",
            "records", "self-description, caching, operations")
        .whereLayer("users").mayOnlyBeAccessedByLayers("entry", "import", "wiring", "events", "changes",
            "venues, organizers, terms", "records", "self-description, caching, operations", "transport")
        .whereLayer("leaves").mayOnlyAccessLayers("leaves")
        .check(MAIN);
  }

  @Test
  void noPackagesUseEachOtherInACircle() {
    slices().matching("org.agenda.(*)..").should().beFreeOfCycles().check(MAIN);
  }

  @Test
  void aTypeIsPublicOnlyWhenAnotherPackageUsesIt() {
    Set<String> needlesslyPublic = new TreeSet<>();
    for (JavaClass type : MAIN) {
      if (!type.isTopLevelClass() || !type.getModifiers().contains(JavaModifier.PUBLIC)) continue;
      if (type.getSimpleName().equals("Main")) continue; // the jar's entry point
      // a use of a nested type (AuthResult.Authenticated) is a use of the type that declares it, and so is a call
      // from another package of a constructor or method that takes it (a method reference passed as a WriteGuard)
      List<JavaClass> declared = MAIN_AND_TESTS.stream()
          .filter(other -> other.getName().equals(type.getName()) || other.getName().startsWith(type.getName() + "$"))
          .toList();
      Stream<String> users = Stream.concat(
          declared.stream().flatMap(other -> other.getDirectDependenciesToSelf().stream())
              .map(dependency -> dependency.getOriginClass().getPackageName()),
          declared.stream().flatMap(other -> Stream.concat(other.getConstructorsWithParameterTypeOfSelf().stream(),
                  other.getMethodsWithParameterTypeOfSelf().stream()))
              .flatMap(codeUnit -> codeUnit.getAccessesToSelf().stream())
              .map(access -> access.getOriginOwner().getPackageName()));
      boolean usedElsewhere = users.anyMatch(origin -> !origin.equals(type.getPackageName()));
      if (!usedElsewhere) needlesslyPublic.add(type.getName());
    }
    assertThat(needlesslyPublic).as("public types that no other package uses").isEqualTo(Set.of());
  }
}
