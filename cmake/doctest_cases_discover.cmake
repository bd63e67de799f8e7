cmake_minimum_required(VERSION 3.25)  # the policies of the project, in script mode
# Script mode, run after each build of a doctest program (see doctest_cases.cmake): lists its cases
# with doctest's XML reporter and writes CTEST_FILE, one labelled ctest test per case.
# Names are kept as strings throughout, never as CMake lists, because a case name may hold ';'.
# Inputs: TEST_EXECUTABLE, WORKING_DIR, LABELS_FILE (UNIT_SUITES, SLOW_CASES), CTEST_FILE.
include("${LABELS_FILE}")

execute_process(COMMAND "${TEST_EXECUTABLE}" --list-test-cases --reporters=xml --no-version
                WORKING_DIRECTORY "${WORKING_DIR}"
                OUTPUT_VARIABLE listing
                RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "listing the cases of ${TEST_EXECUTABLE} failed (${status}):\n${listing}")
endif()

function(xml_unescape out text)
  if(text MATCHES "&#")
    message(FATAL_ERROR "a control character in the doctest case name '${text}'")
  endif()
  string(REPLACE "&lt;" "<" text "${text}")
  string(REPLACE "&gt;" ">" text "${text}")
  string(REPLACE "&quot;" "\"" text "${text}")
  string(REPLACE "&amp;" "&" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# The value of attribute `name` in `element` (one <TestCase .../> element).
function(xml_attribute out element name)
  string(FIND "${element}" " ${name}=\"" start)
  if(start EQUAL -1)
    message(FATAL_ERROR "no ${name}= in '${element}'")
  endif()
  string(LENGTH " ${name}=\"" skip)
  math(EXPR start "${start} + ${skip}")
  string(SUBSTRING "${element}" ${start} -1 rest)
  string(FIND "${rest}" "\"" end)
  string(SUBSTRING "${rest}" 0 ${end} value)
  xml_unescape(value "${value}")
  set(${out} "${value}" PARENT_SCOPE)
endfunction()

set(script "")
set(count 0)
set(seen "|")
set(rest "${listing}")
while(TRUE)
  string(FIND "${rest}" "<TestCase " start)
  if(start EQUAL -1)
    break()
  endif()
  string(SUBSTRING "${rest}" ${start} -1 rest)
  string(FIND "${rest}" "/>" end)
  string(SUBSTRING "${rest}" 0 ${end} element)
  string(SUBSTRING "${rest}" ${end} -1 rest)
  xml_attribute(name "${element}" name)
  xml_attribute(suite "${element}" testsuite)
  if(name MATCHES "]==]")
    message(FATAL_ERROR "the doctest case name '${name}' holds ']==]'")
  endif()
  # ctest needs unique names; doctest would run both cases under either.
  string(FIND "${seen}" "|${name}|" duplicate)
  if(NOT duplicate EQUAL -1)
    message(FATAL_ERROR "two doctest cases are named '${name}'; rename one")
  endif()
  string(APPEND seen "${name}|")

  set(labels integration)
  set(processors 1)
  foreach(pattern IN LISTS UNIT_SUITES)
    if(suite MATCHES "${pattern}")
      set(labels unit)
    endif()
  endforeach()
  foreach(pattern IN LISTS SLOW_CASES)
    if(name MATCHES "${pattern}")
      string(APPEND labels ";slow")
      # Real-time waits and many processes: two of ctest's slots, so that fewer tests beside it
      # compete with its timing (scripts/test runs two tests per core).
      set(processors 2)
    endif()
  endforeach()

  # doctest's filter splits on ',' unless escaped, and reads '\' as the escape.
  string(REPLACE "\\" "\\\\" filter "${name}")
  string(REPLACE "," "\\," filter "${filter}")
  string(APPEND script
         "add_test([==[${name}]==] [==[${TEST_EXECUTABLE}]==] [==[--test-case=${filter}]==])\n"
         "set_tests_properties([==[${name}]==] PROPERTIES WORKING_DIRECTORY [==[${WORKING_DIR}]==]"
         " LABELS \"${labels}\" PROCESSORS ${processors})\n")
  math(EXPR count "${count} + 1")
endwhile()

string(REGEX MATCH "<OverallResultsTestCases unskipped=\"([0-9]+)\"" total "${listing}")
if(NOT CMAKE_MATCH_1 STREQUAL "${count}")
  message(FATAL_ERROR "read ${count} doctest cases of ${TEST_EXECUTABLE}, it lists ${CMAKE_MATCH_1}")
endif()
file(WRITE "${CTEST_FILE}" "${script}")
