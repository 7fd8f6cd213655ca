@echo off
rem vmsched: the command line from this folder, e.g. vmsched analyze scenarios\two-vms.json
rem Runs target\vmsched.jar (build it once: mvnw.cmd -B package -DskipTests) with the JVM options the
rem installer's launcher uses: C1 only (-XX:TieredStopAtLevel=1) takes about a third off the CPU of a short
rem command (BENCHMARKS.md). VMSCHED_JAVA_OPTS replaces them.
setlocal
set "JAR=%~dp0target\vmsched.jar"
if not exist "%JAR%" (
  echo error: %JAR% is not built yet: run mvnw.cmd -B package -DskipTests first 1>&2
  exit /b 2
)
if not defined VMSCHED_JAVA_OPTS set "VMSCHED_JAVA_OPTS=-XX:TieredStopAtLevel=1"
set "JAVA=java"
if defined JAVA_HOME if exist "%JAVA_HOME%\bin\java.exe" set "JAVA=%JAVA_HOME%\bin\java.exe"
"%JAVA%" %VMSCHED_JAVA_OPTS% -jar "%JAR%" %*
exit /b %ERRORLEVEL%
