# Registers the doctest cases of a test program as labelled ctest tests, a few cases per process.
#
#   gpuprice_doctest_cases(TARGET UNIT_SUITES <regex>... SLOW_CASES <regex>...)
#
# After each build of TARGET, doctest_cases_discover.cmake lists its cases once (doctest's XML
# listing: name and suite of every case) and writes the ctest file. A case is labelled `unit` when
# its suite matches one of UNIT_SUITES, else `integration`; also `slow` when its name matches one
# of SLOW_CASES. A test runs exactly its cases (named in full), whatever characters a name holds.
#
# Why not doctest's own doctest_discover_tests (doctest 2.4.9): it splits the listing on ';', so a
# case named "a; b" became two tests, "a" and " b", that each matched no case and passed without
# running anything; and its ADD_LABELS runs the program once per case.
function(gpuprice_doctest_cases target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "UNIT_SUITES;SLOW_CASES")
  set(config "${CMAKE_CURRENT_BINARY_DIR}/${target}_labels.cmake")
  set(tests_file "${CMAKE_CURRENT_BINARY_DIR}/${target}_cases.cmake")
  # The patterns go through a file, not the command line: no quoting of spaces or brackets.
  set(text "")
  foreach(list UNIT_SUITES SLOW_CASES)
    string(APPEND text "set(${list})\n")
    foreach(pattern IN LISTS arg_${list})
      string(APPEND text "list(APPEND ${list} [==[${pattern}]==])\n")
    endforeach()
  endforeach()
  file(CONFIGURE OUTPUT "${config}" CONTENT "${text}" @ONLY)
  add_custom_command(
    TARGET ${target} POST_BUILD
    BYPRODUCTS "${tests_file}"
    COMMAND "${CMAKE_COMMAND}" -D "TEST_EXECUTABLE=$<TARGET_FILE:${target}>"
            -D "WORKING_DIR=${CMAKE_CURRENT_BINARY_DIR}" -D "LABELS_FILE=${config}"
            -D "CTEST_FILE=${tests_file}" -P "${PROJECT_SOURCE_DIR}/cmake/doctest_cases_discover.cmake"
    VERBATIM)
  set(include_file "${CMAKE_CURRENT_BINARY_DIR}/${target}_include.cmake")
  file(WRITE "${include_file}"
       "if(EXISTS \"${tests_file}\")\n"
       "  include(\"${tests_file}\")\n"
       "else()\n"
       "  add_test(${target}_NOT_BUILT ${target}_NOT_BUILT)\n"
       "endif()\n")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES "${include_file}")
endfunction()
